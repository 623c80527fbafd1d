package bot

import (
	"io"
	"log/slog"
	"os"
	"testing"
)

// TestMain keeps the routers that tests build without a logger quiet;
// tests that check logging pass their own.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}
