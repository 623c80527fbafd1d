package engine

// Command is an intent from a player; Decide turns it into events or a
// *RuleError.
type Command interface {
	CommandName() string
}

// RollDice rolls a dice expression, e.g. /roll dice:2d6+1.
type RollDice struct {
	By         Actor
	Expression string
	Purpose    string
}

// CommandName implements Command.
func (RollDice) CommandName() string { return "roll" }

// RollTable rolls on a rules table with the facts given.
type RollTable struct {
	By    Actor
	Table *Table
	Facts Facts
}

// CommandName implements Command.
func (RollTable) CommandName() string { return "table roll" }

// RollChart rolls on a group's loaded copy of a chart slot (Copy nil when
// the group has not loaded it).
type RollChart struct {
	By        Actor
	Slot      *ChartSlot
	Copy      *LoadedChart
	Column    string
	Modifiers []AppliedModifier
}

// CommandName implements Command.
func (RollChart) CommandName() string { return "chart roll" }

// Channel is the state of a channel's stream outside a game: its table of
// free rolls. It is the fold of the stream's events.
type Channel struct {
	Rolls int64       // rolls so far
	Last  *DiceRolled // the latest free roll, nil before the first
}

// Apply returns the state after e. The receiver is not changed.
func (c Channel) Apply(e Event) Channel {
	switch e := e.(type) {
	case *DiceRolled:
		c.Rolls = e.Number
		c.Last = e
	case *TableRolled:
		c.Rolls = e.Number
	case *ChartRolled:
		c.Rolls = e.Number
	}
	return c
}

// FoldChannel folds events into a channel state.
func FoldChannel(events []Event) Channel {
	var c Channel
	for _, e := range events {
		c = c.Apply(e)
	}
	return c
}

// Decide settles cmd against the channel state with dice d.
func (c Channel) Decide(cmd Command, d Dice) ([]Event, error) {
	switch cmd := cmd.(type) {
	case RollDice:
		x, err := ParseDice(cmd.Expression)
		if err != nil {
			return nil, err
		}
		terms, total := x.Roll(d)
		return []Event{&DiceRolled{
			Number:     c.Rolls + 1,
			Expression: x.String(),
			Purpose:    cmd.Purpose,
			By:         cmd.By,
			Terms:      terms,
			Total:      total,
		}}, nil
	case RollChart:
		r, err := cmd.Slot.RollSlot(d, cmd.Copy, cmd.Column, cmd.Modifiers)
		if err != nil {
			return nil, err
		}
		return []Event{&ChartRolled{Number: c.Rolls + 1, By: cmd.By, ChartRoll: *r}}, nil
	case RollTable:
		r, err := cmd.Table.Roll(d, cmd.Facts)
		if err != nil {
			return nil, err
		}
		return []Event{&TableRolled{Number: c.Rolls + 1, By: cmd.By, TableRoll: *r}}, nil
	}
	return nil, &RuleError{Kind: ErrInvalid, Code: "command.unknown",
		What: "The command " + cmd.CommandName() + " means nothing outside a game",
		Hint: "Use /help to list the commands"}
}
