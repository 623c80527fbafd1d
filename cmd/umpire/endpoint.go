package main

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// The Discord endpoint (UMPIRE_DISCORD_URL, -discord-url), for tests and
// proxies: discordgo builds every REST URL on https://discord.com and
// learns its gateway from GET /gateway, so rewriting the REST client's
// requests is enough to point a whole session elsewhere (the fake Discord
// of bot/discordtest, a logging or caching proxy). The websocket then goes
// wherever that answer says. Nothing package-level is changed: discordgo's
// Endpoint variables stay as they are.

// parseDiscordURL checks a configured Discord base URL: http or https,
// a host, no query or fragment. Plain http is accepted for loopback
// hosts only, since every request carries the bot token.
func parseDiscordURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("discord URL %q: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return nil, fmt.Errorf("discord URL %q: give a base URL such as https://proxy.example or http://127.0.0.1:41234", raw)
	}
	if u.Scheme == "http" && !loopback(u.Hostname()) {
		return nil, fmt.Errorf("discord URL %q: plain http only on loopback (the bot token is in every request); use https", raw)
	}
	return u, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// redirectDiscord makes s send its requests for https://discord.com/...
// to base instead (its path prefixed). Other hosts (the attachment CDN)
// are left alone.
func redirectDiscord(s *discordgo.Session, base *url.URL) {
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	next := s.Client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c := *s.Client
	c.Transport = &endpointTransport{base: base, next: next}
	s.Client = &c
}

// endpointTransport rewrites requests for https://discord.com to base.
type endpointTransport struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *endpointTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "https" || !strings.EqualFold(req.URL.Hostname(), "discord.com") {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	r.URL.Scheme = t.base.Scheme
	r.URL.Host = t.base.Host
	prefix := strings.TrimSuffix(t.base.Path, "/")
	r.URL.Path = prefix + req.URL.Path
	if req.URL.RawPath != "" {
		r.URL.RawPath = strings.TrimSuffix(t.base.EscapedPath(), "/") + req.URL.RawPath
	}
	r.Host = ""
	return t.next.RoundTrip(r)
}
