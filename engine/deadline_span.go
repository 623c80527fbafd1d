// Spans as players write them (48h, 3d, 1w2d, 90m) and as the bot shows
// them, and the bounds a deadline setting's span is checked against.

package engine

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

func checkSpan(what string, d time.Duration, lo, hi time.Duration) error {
	if d < lo || d > hi {
		return Invalid("deadline.range", fmt.Sprintf("%s %s is out of range", what, FormatSpan(d)),
			fmt.Sprintf("Give %s from %s to %s, e.g. 48h, 3d or 1w", what, FormatSpan(lo), FormatSpan(hi)))
	}
	return nil
}

func cloneSpans(m map[string]time.Duration) map[string]time.Duration {
	if m == nil {
		return nil
	}
	out := make(map[string]time.Duration, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func absSpan(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

var spanPart = regexp.MustCompile(`^(\d+)(w|d|h|m)`)

// ParseSpan reads a span such as 48h, 3d, 1w2d or 90m (a bare number is
// hours). A span longer than MaxDeadline is refused with that bound: no
// deadline setting takes more, and a longer one could overflow
// time.Duration (99999999999h once parsed as 0, "off", and was announced
// as set).
func ParseSpan(s string) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return 0, Invalid("deadline.span", "No time given", "e.g. 48h, 3d, 1w or 90m")
	}
	tooLong := func() error {
		return Invalid("deadline.range", fmt.Sprintf("%q is longer than %s (%d days), the longest span a deadline setting takes", s, FormatSpan(MaxDeadline), MaxDeadline/(24*time.Hour)),
			fmt.Sprintf("Give at most %s, e.g. 48h, 3d or 1w", FormatSpan(MaxDeadline)))
	}
	// part adds n units to total, refusing (before any overflow) a total
	// past MaxDeadline.
	var total time.Duration
	part := func(digits string, unit time.Duration) error {
		n, err := parseInt(digits)
		if err != nil || time.Duration(n) > (MaxDeadline-total)/unit {
			return tooLong()
		}
		total += time.Duration(n) * unit
		return nil
	}
	if isDigits(s) {
		if err := part(s, time.Hour); err != nil {
			return 0, err
		}
		return total, nil
	}
	rest := s
	for rest != "" {
		m := spanPart.FindStringSubmatch(rest)
		if m == nil {
			return 0, Invalid("deadline.span", fmt.Sprintf("%q is not a span of time", s), "e.g. 48h, 3d, 1w2d or 90m")
		}
		unit := map[string]time.Duration{"w": 7 * 24 * time.Hour, "d": 24 * time.Hour, "h": time.Hour, "m": time.Minute}[m[2]]
		if err := part(m[1], unit); err != nil {
			return 0, err
		}
		rest = rest[len(m[0]):]
	}
	return total, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func parseInt(s string) (int, error) {
	if s == "" || len(s) > 6 {
		return 0, fmt.Errorf("not a number")
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("not a number")
		}
		n = n*10 + int(r-'0')
	}
	return n, nil
}

// FormatSpan writes a span as ParseSpan reads it, e.g. 2d12h.
func FormatSpan(d time.Duration) string {
	if d == 0 {
		return "0h"
	}
	neg := d < 0
	if neg {
		d = -d
	}
	var b strings.Builder
	if neg {
		b.WriteString("-")
	}
	for _, u := range []struct {
		n string
		d time.Duration
	}{{"w", 7 * 24 * time.Hour}, {"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}} {
		if n := d / u.d; n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.n)
			d -= n * u.d
		}
	}
	return b.String()
}
