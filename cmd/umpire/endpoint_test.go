package main

import (
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestDiscordURL(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:41234", "http://localhost:8080/", "http://[::1]:9", "https://proxy.example/discord/"} {
		if _, err := parseDiscordURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	// The bot token is in every request: plain http only on loopback.
	for _, bad := range []string{"http://proxy.example", "ftp://127.0.0.1", "127.0.0.1:80", "https://", "https://proxy.example?x=1", "https://u:p@proxy.example"} {
		if _, err := parseDiscordURL(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := parseConfig([]string{"-discord-url", "http://proxy.example"}, env(nil), discardWriter{}); err == nil {
		t.Error("parseConfig accepted a plain-http remote Discord URL")
	}
}

type discardWriter struct{}

func (discardWriter) Write(p []byte) (int, error) { return len(p), nil }

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// Requests for https://discord.com go to the base URL, under its path;
// other hosts (the attachment CDN) are left alone.
func TestRedirectDiscord(t *testing.T) {
	var got []string
	s, err := discordgo.New("Bot x")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if r.URL.Host != "cdn.discordapp.com" && r.Host != "" {
			t.Errorf("rewritten request keeps Host %q", r.Host)
		}
		got = append(got, r.URL.String())
		return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: r}, nil
	})}
	base, err := parseDiscordURL("http://127.0.0.1:41234/fake/")
	if err != nil {
		t.Fatal(err)
	}
	redirectDiscord(s, base)
	for _, u := range []string{discordgo.EndpointGateway, "https://cdn.discordapp.com/attachments/1/2/a.yaml"} {
		resp, err := s.Client.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{
		"http://127.0.0.1:41234/fake/api/v9/gateway",
		"https://cdn.discordapp.com/attachments/1/2/a.yaml",
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("requests went to %q, want %q", got, want)
	}
}
