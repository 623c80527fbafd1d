package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// firstDeclarationReply answers the first of a turn's two declarations
// (LRTG 4.1). With no contest won this turn it stays secret until both are
// in. When the other side won the contest that orders the declarations
// (LRTG's Spy; LRTA's Enemy Intelligence, 004: "The losing player must
// declare ... prior to the winning player"), the winner is shown this
// choice and declares now: the table is told so, the declaring side that
// its choice is seen, and the winner's overall commander, in his own
// channel, what was declared and that it is his turn (issue 22: before,
// the table read "stays secret until the CSA's is in" and Lee was not
// told). The choice itself goes to the winner's channel only.
func (r *Router) firstDeclarationReply(req Request, g engine.GameState, d *lrtg.PostureDeclared, own string, views []EventView) Reply {
	next := g.Apply(d)
	winner, contest, rule := lrtg.Of(next).DeclarationOrder()
	side, other := declSideLabel(d.Side), declSideLabel(declOther(d.Side))
	var pub string
	var outs []Output
	if winner != "" && winner != d.Side {
		own += fmt.Sprintf(" The %s won %s: it is shown your choice before it declares; the table sees both once its declaration is in (%s).", other, contest, rule)
		pub = fmt.Sprintf("🔒 The %s has made its declaration for turn %d. The %s won %s: it is shown this choice (/declare) and declares now; both are shown here once its declaration is in (%s).", side, d.Turn, other, contest, rule)
		outs = r.winnerTurnToDeclare(next, d, contest, rule)
	} else {
		own += " It stays secret until both sides are in."
		pub = fmt.Sprintf("🔒 The %s has made its declaration for turn %d; it stays secret until the %s's is in (LRTG 4.1).", side, d.Turn, other)
	}
	if w := next.Waiting(); len(w) > 0 {
		pub += "\nWaiting for: " + strings.Join(w, "; ") + "."
	}
	return Reply{Outputs: append([]Output{
		{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views},
		{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: pub, Events: []EventView{}},
	}, outs...)}
}

// winnerTurnToDeclare tells the contest's winner, in the private channel
// of each commander who declares for his side, the loser's declaration and
// that it is his turn. Without private channels (the console) he reads the
// choice with /declare, as the public line says.
func (r *Router) winnerTurnToDeclare(g engine.GameState, d *lrtg.PostureDeclared, contest, rule string) []Output {
	var outs []Output
	for _, p := range g.Players {
		if p.Side == d.Side || !lrtg.Of(g).ActsAsOverall(p) {
			continue
		}
		ch, ok := r.commanderChannel(g, p.Actor.ID)
		if !ok {
			continue
		}
		outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: p.Actor.ID}, Ping: []string{p.Actor.ID}, Events: []EventView{},
			Text: fmt.Sprintf("🔒 <@%s>, your turn to declare for turn %d: the %s declared **%s**, shown to you as the winner of %s (%s). Declare with /declare posture:operational or /declare posture:passive.",
				p.Actor.ID, d.Turn, declSideLabel(d.Side), d.Posture, contest, rule)})
	}
	return outs
}
