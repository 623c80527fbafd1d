// Package discordtest is a fake Discord for tests: one local HTTP server that
// speaks enough of Discord's REST API (v9) and gateway websocket protocol for
// the real discordgo client to run against it end to end, on loopback only.
//
// Discord itself is never contacted. A [Server] listens on 127.0.0.1; its
// [Server.Transport] rewrites every request for https://discord.com/... to
// the fake, and GET /api/v9/gateway hands out the fake's own websocket URL,
// so a *discordgo.Session built by [Server.NewSession] (or any session whose
// Client uses that transport) connects, identifies, heartbeats, resumes and
// calls REST routes exactly as it would against Discord.
//
// # What the fake does
//
// Gateway: Hello (op 10) with the configured heartbeat interval; Identify
// (op 2) starts a new session and answers READY; Heartbeat (op 1) is
// acknowledged (op 11) and counted; Resume (op 6) of a known session replays
// every dispatch the client missed and then sends RESUMED, as Discord does,
// while an unknown session gets Invalid Session (op 9). Sequence numbers
// belong to the session and keep increasing across reconnects. Dispatches
// sent while the client is disconnected are queued and replayed on resume.
//
// REST: the gateway routes, application command registration (bulk
// overwrite, create, edit, delete, list; global and per guild), interaction
// callbacks, the interaction webhook (edit/get/delete @original, follow-ups),
// channel messages (send and edit, JSON or multipart with files), DM channel
// creation, GET /users/@me, and guild channels (list, create with a parent
// and permission overwrites, edit, delete, set an overwrite; see
// [Server.GuildChannels]). Every request is recorded (see [Request]);
// anything the fake does not know answers 404 and is listed by
// [Server.Unhandled]. Tests can add or override routes with [Server.Handle].
//
// The fake enforces the rules of Discord a bot is most likely to break and
// answers with Discord's error codes, which reach discordgo as
// *discordgo.RESTError:
//
//   - an interaction may be acknowledged (called back) only once: a second
//     callback answers 400 with code 40060 "Interaction has already been
//     acknowledged.", and a callback for an interaction the fake never
//     dispatched (or with the wrong token) answers 400 with code 10062;
//   - a callback later than [Options.AckDeadline] (3 s, as on Discord)
//     answers 404 with code 10062 "Unknown interaction";
//   - follow-ups and edits of @original before the interaction was
//     acknowledged answer 404 with code 10015 "Unknown Webhook";
//   - empty messages (code 50006), content over 2000 characters, more than
//     10 embeds, and invalid command definitions (bad names, missing
//     descriptions, required options after optional ones...) answer 400
//     with code 50035 "Invalid Form Body";
//   - allowed_mentions that Discord refuses answer 400 with code 50035: a
//     kind both parsed and listed ("users" in parse with a users array, or
//     "roles" with roles), more than 100 ids in users or roles, an unknown
//     parse kind. Each message's Request records whom it would notify
//     (Request.Mentions, worked out as Discord does by [Notified]); with
//     [Options.RequireAllowedMentions], a message with content and no
//     allowed_mentions answers 400 too (not Discord's rule: a test's guard);
//   - REST routes that need the bot token answer 401 without "Bot <token>"
//     (any non-empty token, or exactly [Options.Token] when that is set;
//     Identify with a refused token is closed with code 4004).
//
// Rate-limit headers are sent so that discordgo's limiter never waits.
//
// Failures can be injected (faults.go): [Server.FailNext] makes the next n
// requests to a route (method and path pattern, e.g. "POST
// /channels/{id}/messages") answer a 429 shaped like Discord's (retry_after
// in the body, Retry-After and X-RateLimit-* headers, global false) or a
// 5xx, before the route is reached, and then serves them normally again.
//
// # Usage
//
//	func TestPing(t *testing.T) {
//		t.Parallel() // discordgo's Session.Close sleeps one second
//		srv := discordtest.NewServer(t, discordtest.Options{HeartbeatInterval: 400 * time.Millisecond})
//		sess, err := srv.NewSession("") // "" = srv.Token(); closed at cleanup
//		if err != nil {
//			t.Fatal(err)
//		}
//		sess.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
//			_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
//				Type: discordgo.InteractionResponseChannelMessageWithSource,
//				Data: &discordgo.InteractionResponseData{Content: "pong"},
//			})
//		})
//		if err := sess.Open(); err != nil {
//			t.Fatal(err)
//		}
//
//		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//		defer cancel()
//		i := srv.SlashCommand(discordtest.SlashCommand{Name: "ping", GuildID: "1"})
//		if _, err := srv.DispatchInteraction(i); err != nil {
//			t.Fatal(err)
//		}
//		cbs, err := srv.WaitCallback(ctx, i.ID, 1)
//		if err != nil {
//			t.Fatal(err)
//		}
//		if got := cbs[0].Response.Data.Content; got != "pong" {
//			t.Errorf("content = %q", got)
//		}
//		if u := srv.Unhandled(); len(u) != 0 {
//			t.Errorf("unexpected calls: %v", u)
//		}
//	}
//
// Every method of [Server] is safe for concurrent use (Options.Logf is
// called with the server's lock held and must not call back into it). Records returned by
// accessors are shared snapshots: read them, do not modify them. Wait*
// methods block until the condition holds or the context ends, and then
// return the context's error wrapped with what was awaited.
//
// Sessions made by [Server.NewSession] are closed at test cleanup with
// ShouldReconnectOnError turned off first, so no discordgo goroutine keeps
// trying to reconnect after the test. discordgo's Session.Close sleeps one
// second when the session is connected, so tests that open sessions should
// call t.Parallel.
package discordtest
