package engine

// Which dice a roll drew from, and whose count numbers it (issue 19).
//
// A game rolls from two streams (docs/dice.md): the rules' procedures draw
// from the game's own stream; rolls typed with /roll, /table roll or
// /chart roll draw from the free stream, so that burning them cannot
// steer a later procedure's dice. The audit replays each stream in event
// order.
//
// Rolls are numbered by audience: a public roll by the game's public count
// (GameState.Rolls), a secret roll (one only a side, or only the umpire,
// may see: a dispatch's delivery) by its audience's own count
// (GameState.SecretRolls), so that nothing public tells a side how many
// dice the other rolled in secret. Events stored before either field
// existed have neither: the one stream, the public count.

// RollStream is embedded in every roll event.
type RollStream struct {
	// DiceStream is the stream the dice came from: "" the game's own (and
	// the only one of a channel, or of a game of the legacy scheme),
	// DiceStreamFree the free rolls'.
	DiceStream string `json:"dice_stream,omitempty"`
	// Secret is the audience of a secret roll (a RollAudience), whose own
	// count numbers it; "" a public roll.
	Secret string `json:"secret,omitempty"`
}

// Audiences of secret rolls.
const (
	RollAudienceUmpire = "umpire" // the umpire's alone (dispatch deliveries)
	RollAudienceCSA    = "csa"
	RollAudienceUSA    = "usa"
)

// rollOf returns a roll event's RollStream and number; nil for another
// event.
func rollOf(e Event) (*RollStream, int64) {
	switch e := e.(type) {
	case *DiceRolled:
		return &e.RollStream, e.Number
	case *TableRolled:
		return &e.RollStream, e.Number
	case *ChartRolled:
		return &e.RollStream, e.Number
	}
	return nil, 0
}

// foldRoll counts a roll event: the public count, or its audience's.
func (g GameState) foldRoll(e Event) GameState {
	rs, n := rollOf(e)
	if rs.Secret == "" {
		g.Rolls = n
		return g
	}
	m := make(map[string]int64, len(g.SecretRolls)+1)
	for k, v := range g.SecretRolls {
		m[k] = v
	}
	m[rs.Secret] = n
	g.SecretRolls = m
	return g
}

// typedRoll settles a roll someone typed (/roll, /table roll, /chart
// roll): from the free stream, numbered publicly.
func (g GameState) typedRoll(cmd Command, d Dice) ([]Event, error) {
	free, stream := freeDice(d)
	evs, err := Channel{Rolls: g.Rolls}.Decide(cmd, free)
	for _, e := range evs {
		if rs, _ := rollOf(e); rs != nil {
			rs.DiceStream = stream
		}
	}
	return evs, err
}

// ruleRoll rolls for a rule's procedure: from the game's own stream,
// numbered publicly. Procedures call it, not Decide, whose roll commands
// are the typed ones.
func (g GameState) RuleRoll(cmd Command, d Dice) ([]Event, error) {
	return g.RollFor(cmd, d, "")
}

// secretRoll rolls for a rule's procedure whose roll only audience may
// see: from the game's own stream, numbered by audience's own count.
func (g GameState) SecretRoll(cmd Command, d Dice, audience string) ([]Event, error) {
	return g.RollFor(cmd, d, audience)
}

// rollFor rolls for a rule's procedure seen by audience ("" everyone).
func (g GameState) RollFor(cmd Command, d Dice, audience string) ([]Event, error) {
	return NumberedRoll(cmd, d, g.RollsOf(audience), audience)
}

// rollsOf is the count that numbers audience's rolls ("" the public's).
func (g GameState) RollsOf(audience string) int64 {
	if audience == "" {
		return g.Rolls
	}
	return g.SecretRolls[audience]
}

// numberedRoll rolls cmd as the roll after count of audience ("" public);
// a procedure that rolls several times threads its count through.
func NumberedRoll(cmd Command, d Dice, count int64, audience string) ([]Event, error) {
	evs, err := Channel{Rolls: count}.Decide(cmd, d)
	for _, e := range evs {
		if rs, _ := rollOf(e); rs != nil {
			rs.Secret = audience
		}
	}
	return evs, err
}

// actorAudience is the audience of a roll shown to the one who acts
// alone: with limited intelligence a board action's outcome (bot
// boardReply: a depot burnt, a station repaired, an extended march, a
// battle's artillery) goes to its actor only, so its roll is his side's
// secret, or the umpire's when the umpire acts. With open intelligence
// it is public ("").
func (g GameState) ActorAudience(by Actor) string {
	switch {
	case !g.Options.LimitedIntel:
		return ""
	case g.IsUmpire(by):
		return RollAudienceUmpire
	case g.Player(by.ID) != nil:
		return string(g.Player(by.ID).Side)
	}
	return RollAudienceUmpire
}
