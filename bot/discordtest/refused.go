package discordtest

import (
	"fmt"
	"net/http"
)

// Codes of Discord's answers to a post in a channel the bot cannot post
// to: the channel was deleted (404), the bot cannot see it (403), or it
// may see it but not send there (403).
const (
	CodeUnknownChannel     = codeUnknownChannel // 10003
	CodeMissingAccess      = 50001
	CodeMissingPermissions = 50013
)

// RefuseChannel makes every later message post to channel answer as
// Discord does for code: CodeUnknownChannel (404 Unknown Channel),
// CodeMissingAccess (403 Missing Access) or CodeMissingPermissions (403
// Missing Permissions); 0 serves the channel again. Unlike FailNext this
// is a lasting state of the channel, not a passing fault: the request
// reaches the route, is recorded with its status, and creates nothing. It
// panics on any other code.
func (s *Server) RefuseChannel(channel string, code int) {
	switch code {
	case 0, CodeUnknownChannel, CodeMissingAccess, CodeMissingPermissions:
	default:
		panic(fmt.Sprintf("discordtest: RefuseChannel: code %d is not 0, 10003, 50001 or 50013", code))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refused == nil {
		s.refused = map[string]int{}
	}
	if code == 0 {
		delete(s.refused, channel)
		return
	}
	s.refused[channel] = code
}

// refusedLocked is the error a post to channel gets, if it is refused.
// Guarded by s.mu.
func (s *Server) refusedLocked(channel string) *apiError {
	switch s.refused[channel] {
	case CodeUnknownChannel:
		return newAPIError(http.StatusNotFound, CodeUnknownChannel, "Unknown Channel")
	case CodeMissingAccess:
		return newAPIError(http.StatusForbidden, CodeMissingAccess, "Missing Access")
	case CodeMissingPermissions:
		return newAPIError(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	}
	return nil
}
