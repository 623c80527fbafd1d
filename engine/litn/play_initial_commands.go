package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The commands players send and the events the log stores in the Initial
// Phase (3.1 A), with what each event says. Their JSON is the stored log's
// schema: add fields with omitempty, never rename them.

// ReorganizeUnits is the Union's 15.4 roll for up to four disorganized
// units within three hexes of McClellan (A1, scenario 2, turns 1-4).
type ReorganizeUnits struct {
	By      engine.Actor
	Units   []string // ids or names
	Library *engine.Library
}

// CommandName implements Command.
func (ReorganizeUnits) CommandName() string { return "litn reorganize" }

// Replace spends replacement points on a unit (A3, 15.2: Points are
// strength points added) and/or declares the unit's territory and depot
// distance for attrition (any time; nil and "" leave a fact as it was).
type Replace struct {
	By        engine.Actor
	Unit      string
	Points    int
	Territory string // friendly, enemy
	NearDepot *bool
}

// CommandName implements Command.
func (Replace) CommandName() string { return "litn replace" }

// PlaceWagon places a supply wagon (A5: the Confederate at a depot, 4.1;
// the Union at a Wagon Creation marker, 9.2), or with Unit, places a Wagon
// Creation marker for a Union leader at the end of the Union Movement
// Phase (9.2).
type PlaceWagon struct {
	By   engine.Actor
	Hex  string
	Unit string
	Map  *engine.Theatre
}

// CommandName implements Command.
func (PlaceWagon) CommandName() string { return "litn wagon" }

// ----- events -----

// Event type names.
const (
	EventDisorganized = "litn.disorganized"
	EventReorganized  = "litn.reorganized"
	EventAttrition    = "litn.attrition"
	EventReplaceBegun = "litn.replacements-begun"
	EventReplaced     = "litn.replaced"
	EventUnitFacts    = "litn.unit-facts"
	EventMilitia      = "litn.militia"
	EventWagonsBegun  = "litn.wagons-begun"
	EventWagonPlaced  = "litn.wagon-placed"
	EventWagonMarker  = "litn.wagon-marker"
	EventHooker       = "litn.hooker"
	EventHookerMajors = "litn.hooker-majors"
)

// Disorganized turns scenario 2's Union infantry face down (15.4).
type Disorganized struct {
	Units []string `json:"units"`
}

// EventType implements Event.
func (*Disorganized) EventType() string { return EventDisorganized }

// Say implements Sayer: the counters are face down for all to see.
func (e *Disorganized) Say(g Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("002 15.4: at the start of scenario 2 all Union infantry units except Miles and White are disorganized: %d counters face down (%s). They may not move or attack until reorganized.",
		len(e.Units), initNames(g, e.Units))}}
}

// Reorganized is a Union reorganization (15.4).
type Reorganized struct {
	By     engine.Actor    `json:"by"`
	Turn   int             `json:"turn"`
	Result *Reorganization `json:"result"`
}

// EventType implements Event.
func (*Reorganized) EventType() string { return EventReorganized }

// Say implements Sayer: the rolls and the counters turned face up are
// seen by both players.
func (e *Reorganized) Say(g Game) []Say {
	var b strings.Builder
	if e.Turn == ReorganizeAll {
		fmt.Fprintf(&b, "🔧 Reorganization (002 15.4): turn 5: every disorganized Union unit is reorganized, without rolls: %s.", initNames(g, e.Result.Reorganized))
		return []Say{{To: "all", Text: b.String()}}
	}
	fmt.Fprintf(&b, "🔧 Union reorganization (002 15.4, table %s):", TableReorganize)
	for _, r := range e.Result.Rolls {
		res := "stays disorganized"
		if r.Reorganized {
			res = "reorganized"
		}
		fmt.Fprintf(&b, "\n- %s (%d hexes from McClellan): %s: %s", initUnitName(g, r.Unit), r.Distance, tableLine(r.Roll), res)
	}
	if len(e.Result.Rolls) == 0 {
		b.WriteString(" no attempt this turn.")
	}
	return []Say{{To: "all", Text: b.String()}}
}

// AttritionRolled is one side's attrition (11, 11.1).
type AttritionRolled struct {
	Turn   int              `json:"turn"`
	Side   engine.Side      `json:"side"`
	Result *AttritionResult `json:"result"`
	// Facts say which facts were declared and which defaulted.
	Facts []string `json:"facts,omitempty"`
}

// EventType implements Event.
func (*AttritionRolled) EventType() string { return EventAttrition }

// Say implements Sayer: the table sees the die; the losses and
// strengths are the side's (002 2.5).
func (e *AttritionRolled) Say(g Game) []Say {
	pub := fmt.Sprintf("🎲 Attrition (002 11): the %s player rolls once for all his units: %d. The losses go on his record sheet.", sideName(e.Side), e.Result.Die)
	priv := "Attrition (002 11, 11.1), your units:\n" + strings.Join(e.Result.Lines, "\n")
	if len(e.Facts) > 0 {
		priv += "\nTaken as (002 7.2, 2.1, 11; declare otherwise before the Initial Phase: /litn declare loc:, /litn replace unit: territory: depot:): " + strings.Join(e.Facts, "; ")
	}
	return []Say{{To: "all", Text: pub}, {To: string(e.Side), Text: priv}}
}

// ReplacementsBegun announces the turn's replacement points (15.2).
type ReplacementsBegun struct {
	Turn   int    `json:"turn"`
	Points int    `json:"points"`
	Why    string `json:"why"`
}

// EventType implements Event.
func (*ReplacementsBegun) EventType() string { return EventReplaceBegun }

// Say implements Sayer.
func (e *ReplacementsBegun) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("➕ Replacements (002 15.2): %s. Each player spends them with /litn replace unit: points: (infantry 1 a strength point, cavalry 2; units with a line of communications, not demoralized) and says /litn done; unspent points are lost.", e.Why)}}
}

// Replaced is a replacement purchase (15.2).
type Replaced struct {
	By   engine.Actor     `json:"by"`
	Turn int              `json:"turn"`
	Side engine.Side      `json:"side"`
	Buy  ReplacementSpend `json:"buy"`
	Gain ReplacementGain  `json:"gain"`
	Left int              `json:"left"` // points left this turn
}

// EventType implements Event.
func (*Replaced) EventType() string { return EventReplaced }

// Say implements Sayer: the purchase is the side's (2.5).
func (e *Replaced) Say(Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("%s. %d replacement point(s) left this turn.", e.Gain.Explanation, e.Left)}}
}

// UnitFactsSet records a unit's declared supply facts.
type UnitFactsSet struct {
	By    engine.Actor `json:"by"`
	Unit  string       `json:"unit"`
	Side  engine.Side  `json:"side"`
	Facts UnitFacts    `json:"facts"`
}

// EventType implements Event.
func (*UnitFactsSet) EventType() string { return EventUnitFacts }

// Say implements Sayer: the side's own (its LOC is its secret).
func (e *UnitFactsSet) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("Noted for attrition and replacements: %s %s.", initUnitName(g, e.Unit), initFactsText(e.Facts))}}
}

// MilitiaRolled is 3.1 A IV (4.2).
type MilitiaRolled struct {
	Turn   int          `json:"turn"`
	Result *MilitiaRoll `json:"result"`
	Units  []Unit       `json:"units,omitempty"` // placed at Harrisburg
}

// EventType implements Event.
func (*MilitiaRolled) EventType() string { return EventMilitia }

// Say implements Sayer: the roll and the counters at Harrisburg are
// public.
func (e *MilitiaRolled) Say(Game) []Say {
	t := "🏛️ Union militia: " + e.Result.Explanation + "."
	if len(e.Units) > 0 {
		var ids []string
		for _, u := range e.Units {
			ids = append(ids, u.ID)
		}
		t += fmt.Sprintf(" New counters at Harrisburg (4001): %s. Their strength is printed on the counters (not in the rules text): the umpire notes it.", strings.Join(ids, ", "))
	}
	return []Say{{To: "all", Text: t}}
}

// WagonsBegun opens 3.1 A V: the Confederate wagons that may enter
// (4.1) and the Union Wagon Creation markers usable (9.2).
type WagonsBegun struct {
	Turn      int      `json:"turn"`
	CSADue    bool     `json:"csa_due"`
	CSAOwed   int      `json:"csa_owed"`
	Available int      `json:"available"`
	Markers   []string `json:"markers,omitempty"` // hexes usable now
	Lapsed    []string `json:"lapsed,omitempty"`  // markers removed unused
	Why       string   `json:"why"`
}

// EventType implements Event.
func (*WagonsBegun) EventType() string { return EventWagonsBegun }

// Say implements Sayer.
func (e *WagonsBegun) Say(Game) []Say {
	var lines []string
	if e.Available > 0 {
		lines = append(lines, fmt.Sprintf("🛒 Supply wagons (002 4.1): %s; %d Confederate wagon(s) may enter: /litn wagon hex:<a Confederate depot>, or /litn done to delay.", e.Why, e.Available))
	}
	if len(e.Markers) > 0 {
		lines = append(lines, fmt.Sprintf("🛒 Union wagons (002 9.2): a wagon may be placed at each Wagon Creation marker: %s (/litn wagon hex:, /litn done when finished).", strings.Join(e.Markers, ", ")))
	}
	if len(e.Lapsed) > 0 {
		lines = append(lines, fmt.Sprintf("Wagon Creation markers not used in their Initial Phase are removed (002 9.2): %s.", strings.Join(e.Lapsed, ", ")))
	}
	if len(lines) == 0 {
		return nil
	}
	return []Say{{To: "all", Text: strings.Join(lines, "\n")}}
}

// WagonPlaced is a supply wagon entering play (4.1, 9.2).
type WagonPlaced struct {
	By          engine.Actor `json:"by"`
	Turn        int          `json:"turn"`
	Wagon       WagonPiece   `json:"wagon"`
	Explanation string       `json:"explanation"`
}

// EventType implements Event.
func (*WagonPlaced) EventType() string { return EventWagonPlaced }

// Say implements Sayer: the counter is on the map.
func (e *WagonPlaced) Say(Game) []Say {
	return []Say{{To: "all", Text: "🛒 " + e.Explanation + "."}}
}

// WagonMarkerPlaced is a Union Wagon Creation marker (9.2).
type WagonMarkerPlaced struct {
	By     engine.Actor  `json:"by"`
	Marker WagonMarkerOn `json:"marker"`
}

// EventType implements Event.
func (*WagonMarkerPlaced) EventType() string { return EventWagonMarker }

// Say implements Sayer: the marker is on the map; the leader's CPs
// are the Union's.
func (e *WagonMarkerPlaced) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("🛒 A Union Wagon Creation marker is placed in hex %s (002 9.2): a wagon may be placed there in the next Initial Phase.", e.Marker.Hex)},
		{To: string(engine.USA), Text: e.Marker.Explanation}}
}

// HookerRolled is 3.1 A VI (15.6).
type HookerRolled struct {
	Turn    int          `json:"turn"`
	Marker  HookerMarker `json:"marker"` // after this turn's move
	Counted VP           `json:"counted"`
	Moved   int          `json:"moved"` // boxes forward for VPs since the last roll
	Result  *HookerRoll  `json:"result"`
	Units   []Unit       `json:"units,omitempty"` // the counters changed by the swap
}

// EventType implements Event.
func (*HookerRolled) EventType() string { return EventHooker }

// Say implements Sayer: the marker, the roll and the counters are
// public.
func (e *HookerRolled) Say(Game) []Say {
	t := "🎩 Hooker dissatisfaction: "
	if e.Moved > 0 {
		t += fmt.Sprintf("the marker moves %d box(es) forward for the Confederate VPs scored (002 15.6); ", e.Moved)
	}
	t += e.Result.Explanation + "."
	if e.Result.Replaced {
		t += "\n**Meade replaces Hooker** (002 15.6):\n" + strings.Join(e.Result.Steps, "\n")
		if len(e.Units) == 0 {
			t += "\nThe record sheet does not name these counters: the umpire makes the change."
		}
	}
	return []Say{{To: "all", Text: t}}
}

// HookerMajors moves the Hooker marker back for the turn's Union major
// victories (15.6), recorded as the Combat Phase ends.
type HookerMajors struct {
	Turn   int          `json:"turn"`
	Majors int          `json:"majors"`
	Marker HookerMarker `json:"marker"`
}

// EventType implements Event.
func (*HookerMajors) EventType() string { return EventHookerMajors }

// Say implements Sayer.
func (e *HookerMajors) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("🎩 %d Union major victory(ies): the Hooker Dissatisfaction marker moves back two boxes for each, to box %d (002 15.6).", e.Majors, e.Marker.Box)}}
}
