package bot

import (
	"strings"
	"testing"
)

// statusLine is /game status's line of a side, as the user reads it.
func statusLine(t *testing.T, r *Router, user string, side string) string {
	t.Helper()
	var req Request
	switch user {
	case "lee":
		req = cpReq(leeA, "war", "game", []string{"status"}, nil)
	case "meade":
		req = cpReq(meadeA, "war", "game", []string{"status"}, nil)
	case "guest":
		req = cpReq(guestA, "war", "game", []string{"status"}, nil)
	default:
		req = cpReq(umpireA, "war", "game", []string{"status"}, nil)
	}
	out := mustOK(t, r, req)
	for _, l := range strings.Split(out.Text, "\n") {
		if strings.HasPrefix(l, side+": ") {
			return l
		}
	}
	t.Fatalf("%s's /game status has no %s line: %s", user, side, out.Text)
	return ""
}

// Issue 22 (LRTG 21.1; 20): in a hidden game /game status tells a side's
// division of command (its overall commander, who commands what) to its
// own players and the umpire only; the enemy and a guest read the names.
// An open game tells it to everyone.
func TestGameStatusDivisionOfCommandIsTheSides(t *testing.T) {
	for _, li := range []bool{false, true} {
		r := NewRouter(openStore(t), WithLogger(quietLog()))
		extra := map[string]string{}
		if li {
			extra["limited_intelligence"] = "true"
		}
		cpFourCommanders(t, r, "war", extra)
		mustOK(t, r, cpReq(umpireA, "war", "game", []string{"start"}, nil))
		csaFull, usaFull := []string{"Lee (overall) [1]", "Jeb Stuart [Cav, 2, Rich]"}, []string{"Meade (overall) [I]", "Hancock [II, III, V, VI, XI, XII, Cav]"}
		for _, c := range []struct {
			user, side string
			full       bool
		}{
			{"lee", "CSA", true}, {"lee", "USA", !li},
			{"meade", "USA", true}, {"meade", "CSA", !li},
			{"guest", "CSA", !li}, {"guest", "USA", !li},
			{"umpire", "CSA", true}, {"umpire", "USA", true},
		} {
			line := statusLine(t, r, c.user, c.side)
			want := csaFull
			if c.side == "USA" {
				want = usaFull
			}
			if c.full {
				acWants(t, c.user+"'s "+c.side+" line", line, want...)
				continue
			}
			acWants(t, c.user+"'s "+c.side+" line", line, "their division of command is their side's, in a hidden game: LRTG 21.1")
			for _, secret := range []string{"overall", "[", "Cav", " I", "Rich"} {
				if strings.Contains(strings.TrimSuffix(line, " (their division of command is their side's, in a hidden game: LRTG 21.1)"), secret) {
					t.Errorf("li %v: %s reads %q of the %s: %s", li, c.user, secret, c.side, line)
				}
			}
		}
	}
}
