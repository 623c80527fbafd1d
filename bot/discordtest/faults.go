package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultFaultRetryAfter is the retry_after of an injected 429 whose
// Fault.RetryAfter is zero: short, so that tests stay fast.
const DefaultFaultRetryAfter = 10 * time.Millisecond

// Fault is a failure the fake answers instead of serving a request (see
// [Server.FailNext]). The request never reaches the route: nothing is
// created, edited or acknowledged, as when Discord's edge refuses it.
type Fault struct {
	// Status is the HTTP status: 429 (rate limited) or a 5xx such as 500,
	// 502, 503 or 504.
	Status int
	// RetryAfter is a 429's wait, sent as Discord does: retry_after (float
	// seconds) in the JSON body, and the Retry-After and
	// X-RateLimit-Reset-After headers. Default: DefaultFaultRetryAfter.
	RetryAfter time.Duration
	// Global makes a 429 a global rate limit (X-RateLimit-Global: true,
	// "global": true, scope "global"); otherwise it is a per-route limit,
	// sent without X-RateLimit-Global as Discord does (discordgo takes the
	// header's mere presence for a global limit).
	Global bool
}

// fault is a registered Fault and how many requests it still answers.
type fault struct {
	pattern string
	method  string
	path    []string // segments after /api/v9
	left    int
	Fault
}

// FailNext makes the next n REST requests matching pattern answer with f,
// after which they are served normally again. pattern is a method and a
// path relative to the API root, with {name} matching any one segment and
// a final {name...} any rest, e.g. "POST /channels/{id}/messages",
// "POST /webhooks/{app}/{token}", "PATCH
// /webhooks/{app}/{token}/messages/@original" or "POST
// /interactions/{id}/{token}/callback"; a leading /api/v9 is allowed.
// Faults registered earlier are consumed first. Faulted requests are
// recorded with Route "fault <pattern>" and the status they got. It
// panics on a malformed pattern or a status that is neither 429 nor 5xx.
func (s *Server) FailNext(pattern string, n int, f Fault) {
	method, p, ok := strings.Cut(strings.TrimSpace(pattern), " ")
	p = strings.TrimSpace(p)
	if !ok || method == "" || !strings.HasPrefix(p, "/") {
		panic(fmt.Sprintf("discordtest: FailNext: pattern %q is not \"METHOD /path\"", pattern))
	}
	if f.Status != http.StatusTooManyRequests && (f.Status < 500 || f.Status > 599) {
		panic(fmt.Sprintf("discordtest: FailNext: status %d is neither 429 nor 5xx", f.Status))
	}
	if f.Status == http.StatusTooManyRequests && f.RetryAfter <= 0 {
		f.RetryAfter = DefaultFaultRetryAfter
	}
	if n <= 0 {
		return
	}
	fl := &fault{pattern: method + " " + p, method: strings.ToUpper(method), path: segments(p), left: n, Fault: f}
	s.mu.Lock()
	s.faults = append(s.faults, fl)
	s.mu.Unlock()
}

// FaultsLeft returns how many injected failures have not been answered yet.
func (s *Server) FaultsLeft() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, f := range s.faults {
		n += f.left
	}
	return n
}

// ClearFaults drops the injected failures not answered yet.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	s.faults = nil
	s.mu.Unlock()
}

// segments splits a path into its segments after the API root.
func segments(p string) []string {
	p = strings.TrimPrefix(p, "/api/v9")
	return strings.Split(strings.Trim(p, "/"), "/")
}

func (f *fault) matches(method string, segs []string) bool {
	if f.method != method {
		return false
	}
	for i, want := range f.path {
		if strings.HasPrefix(want, "{") && strings.HasSuffix(want, "...}") {
			return i < len(segs)
		}
		if i >= len(segs) {
			return false
		}
		if !(strings.HasPrefix(want, "{") && strings.HasSuffix(want, "}")) && want != segs[i] {
			return false
		}
	}
	return len(segs) == len(f.path)
}

// takeFault consumes and returns the first fault matching the request, if
// any.
func (s *Server) takeFault(r *http.Request) *fault {
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		return nil
	}
	segs := segments(r.URL.Path)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.left > 0 && f.matches(r.Method, segs) {
			f.left--
			if f.left == 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
			return f
		}
	}
	return nil
}

// serveFault answers the request with an injected failure and reports
// whether it did. It is the hook of serveHTTP, before any route.
func (s *Server) serveFault(w http.ResponseWriter, r *http.Request, rec *Request) bool {
	f := s.takeFault(r)
	if f == nil {
		return false
	}
	rec.Route = "fault " + f.pattern
	h := w.Header()
	if f.Status != http.StatusTooManyRequests {
		e := newAPIError(f.Status, 0, fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status)))
		s.replyError(w, rec, e)
		return true
	}
	secs := f.RetryAfter.Seconds()
	after := strconv.FormatFloat(secs, 'f', 3, 64)
	scope := "user"
	if f.Global {
		scope = "global"
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("Retry-After", strconv.FormatInt(int64(math.Ceil(secs)), 10))
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", after)
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Scope", scope)
	body, _ := json.Marshal(struct {
		Message    string  `json:"message"`
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
		Code       int     `json:"code,omitempty"`
	}{"You are being rate limited.", secs, f.Global, 0})
	rec.ErrorMessage = "You are being rate limited."
	s.replyJSON(w, rec, http.StatusTooManyRequests, body)
	return true
}
