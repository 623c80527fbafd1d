package bot

import (
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// TestMain keeps the routers that tests build without a logger quiet;
// tests that check logging pass their own.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	// The tests written before steps:auto (issue 22) step by hand, as their
	// games were created: a game created without steps: is manual here
	// (sequence_auto.go: newGameSteps); the tests of the option say
	// steps:auto.
	newGameSteps = engine.StepsManual
	os.Exit(m.Run())
}
