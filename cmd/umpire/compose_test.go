package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/bot"
	"github.com/umpire-games/umpire/store"
)

// docker compose cannot run here (no Docker engine), so the file is
// checked for what the umpire needs: PostgreSQL healthy before the bot,
// the bot's DSN pointing at it with the same user, database and
// password, secrets from the environment only, and shard settings the
// umpire accepts.
func TestComposeFileStartsTheBotWithPostgreSQL(t *testing.T) {
	raw, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Build       string            `yaml:"build"`
			Profiles    []string          `yaml:"profiles"`
			Environment map[string]string `yaml:"environment"`
			DependsOn   map[string]struct {
				Condition string `yaml:"condition"`
			} `yaml:"depends_on"`
			Healthcheck struct {
				Test []string `yaml:"test"`
			} `yaml:"healthcheck"`
		} `yaml:"services"`
		Volumes map[string]any `yaml:"volumes"`
	}
	if err := yaml.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	db, ok := f.Services["db"]
	if !ok || !strings.HasPrefix(db.Image, "postgres:") || len(db.Healthcheck.Test) == 0 {
		t.Fatalf("db service: %+v", db)
	}
	if _, ok := f.Volumes["pgdata"]; !ok {
		t.Error("the database has no named volume: games would be lost with the container")
	}
	bots := 0
	for name, s := range f.Services {
		if name == "db" {
			continue
		}
		bots++
		if s.Build != "." || s.DependsOn["db"].Condition != "service_healthy" {
			t.Errorf("%s: build %q, depends on db %q: want the Dockerfile and a healthy db", name, s.Build, s.DependsOn["db"].Condition)
		}
		dsn := s.Environment["UMPIRE_DB"]
		want := "postgres://" + db.Environment["POSTGRES_USER"] + ":${POSTGRES_PASSWORD}@db:5432/" + db.Environment["POSTGRES_DB"] + "?"
		if !store.IsPostgres(dsn) || !strings.HasPrefix(dsn, want) {
			t.Errorf("%s: UMPIRE_DB %q, want it to start with %q", name, dsn, want)
		}
		if tok := s.Environment["DISCORD_TOKEN"]; !strings.HasPrefix(tok, "${DISCORD_TOKEN") {
			t.Errorf("%s: DISCORD_TOKEN %q: it must come from the environment", name, tok)
		}
		count, rng := s.Environment["UMPIRE_SHARD_COUNT"], s.Environment["UMPIRE_SHARDS"]
		if !strings.HasPrefix(count, "${") && !strings.HasPrefix(rng, "${") {
			n, err := strconv.Atoi(count)
			if err != nil {
				t.Errorf("%s: UMPIRE_SHARD_COUNT %q: %v", name, count, err)
			}
			if _, err := bot.ParseShards(rng, n); err != nil {
				t.Errorf("%s: shards %q of %q: %v", name, rng, count, err)
			}
		}
	}
	if bots < 1 {
		t.Fatal("no umpire service")
	}
	if p := db.Environment["POSTGRES_PASSWORD"]; !strings.HasPrefix(p, "${POSTGRES_PASSWORD") {
		t.Errorf("POSTGRES_PASSWORD %q: it must come from the environment", p)
	}
}
