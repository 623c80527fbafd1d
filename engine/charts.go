package engine

// Charts is the state of a guild's chart stream: the copies of printed
// charts its umpires have loaded into the slots.
type Charts struct {
	Loaded map[string][][]string
}

// LoadChart loads a copy of a chart into its slot.
type LoadChart struct {
	By    Actor
	Slot  *ChartSlot
	Cells map[string][]string // row label -> cells in column order
}

// CommandName implements Command.
func (LoadChart) CommandName() string { return "chart load" }

// Apply returns the state after e. The receiver is not changed.
func (c Charts) Apply(e Event) Charts {
	if e, ok := e.(*ChartLoaded); ok {
		m := make(map[string][][]string, len(c.Loaded)+1)
		for k, v := range c.Loaded {
			m[k] = v
		}
		m[e.Slot] = e.Cells
		c.Loaded = m
	}
	return c
}

// Decide validates a chart copy against its slot's shape.
func (c Charts) Decide(cmd LoadChart) ([]Event, error) {
	cells, err := cmd.Slot.Validate(cmd.Cells)
	if err != nil {
		return nil, err
	}
	return []Event{&ChartLoaded{Slot: cmd.Slot.ID, Cells: cells, By: cmd.By}}, nil
}
