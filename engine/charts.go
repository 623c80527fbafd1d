package engine

// Charts is the state of a guild's chart stream: the copies of printed
// charts its umpires have loaded into the slots.
type Charts struct {
	Loaded map[string]*LoadedChart
}

// LoadChart loads a copy of a chart into its slot.
type LoadChart struct {
	By   Actor
	Slot *ChartSlot
	Copy ChartCopy
}

// CommandName implements Command.
func (LoadChart) CommandName() string { return "chart load" }

// Apply returns the state after e. The receiver is not changed.
func (c Charts) Apply(e Event) Charts {
	if e, ok := e.(*ChartLoaded); ok {
		m := make(map[string]*LoadedChart, len(c.Loaded)+1)
		for k, v := range c.Loaded {
			m[k] = v
		}
		m[e.Slot] = &e.Chart
		c.Loaded = m
	}
	return c
}

// Decide validates a chart copy against its slot's shape.
func (c Charts) Decide(cmd LoadChart) ([]Event, error) {
	loaded, err := cmd.Slot.Validate(cmd.Copy)
	if err != nil {
		return nil, err
	}
	return []Event{&ChartLoaded{Slot: cmd.Slot.ID, Chart: *loaded, By: cmd.By}}, nil
}
