package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A battle checked before it is fought (002 10, 10.2, 10.3): its forces,
// charts and supply, and which combat options (10.3) each side may choose
// and why the others are refused.

// validate checks the inputs the rules constrain before any die is rolled.
// The first problem found is returned, in this order: the sides and the
// fortification (13), each force's leaders and units (6.4, 10.4), who may
// attack (10.1, 8.9), the options (10.3, 14.2), then the charts and
// tables the battle will roll on and the force-march modifier (14.2).
func (b *Battle) validate(c Charts) error {
	if b.Attacker.Side == b.Defender.Side || (b.Attacker.Side != engine.CSA && b.Attacker.Side != engine.USA) || (b.Defender.Side != engine.CSA && b.Defender.Side != engine.USA) {
		return engine.Invalid("litn.combat.sides", "the attacker and defender must be csa and usa, one each", "Set each force's side")
	}
	if b.Fortification != nil && b.Defender.Side != engine.USA {
		return engine.Invalid("litn.combat.fortification", "a Washington fortification's intrinsic strength only defends with the Union (002 13)", "Give no fortification when the Union attacks")
	}
	for r, f := range [2]*Force{&b.Attacker, &b.Defender} {
		if err := b.validateForce(r, f); err != nil {
			return err
		}
	}
	if err := b.validateAttackers(); err != nil {
		return err
	}
	if b.Surprise {
		if b.AttackerOption != "" || b.DefenderOption != "" {
			return engine.Invalid("litn.combat.options", "no combat options are chosen in a surprise attack", "002 14.2: leave the options out")
		}
	} else if err := b.checkOptions(); err != nil {
		return err
	}
	return b.validateCharts(c)
}

// validateForce: a side's leaders (ranks 6.4, the command rating
// commitment reads, 10.4) and its combat units (ids, strength 2.2); a
// defence of only a fortification's intrinsic strength has no units (13).
func (b *Battle) validateForce(r int, f *Force) error {
	if len(f.Leaders) == 0 {
		return engine.Invalid("litn.combat.leader", fmt.Sprintf("the %s (%s) has no leader in the hex: commitment needs the highest-ranking leader's command rating (002 10.4)", roleName(r), f.Side),
			"Give the leaders in the hex; where the rules are silent (a force without a leader) the umpire names the rating to use as a leader")
	}
	ranks := map[int]string{}
	for _, l := range f.Leaders {
		if l.Rank < 1 || l.Command < 1 || l.Command > 4 {
			return engine.Invalid("litn.combat.leader", fmt.Sprintf("%s: rank %d, command %d", l.Name, l.Rank, l.Command), "Ranks start at 1 (6.4); command ratings are 1-4")
		}
		if o, dup := ranks[l.Rank]; dup {
			return engine.Invalid("litn.combat.leader", fmt.Sprintf("%s and %s both have rank %d", o, l.Name, l.Rank), "Each leader of a side has his own rank (6.4)")
		}
		ranks[l.Rank] = l.Name
	}
	ids := map[string]bool{}
	for _, u := range f.Units {
		if u.ID == "" || ids[u.ID] || u.ID == IntrinsicID {
			return engine.Invalid("litn.combat.unit", fmt.Sprintf("unit id %q is empty or repeated", u.ID), "Give each unit its own id")
		}
		ids[u.ID] = true
		if u.Strength < 1 {
			return engine.Invalid("litn.combat.unit", fmt.Sprintf("%s has strength %d", u.ID, u.Strength), "A unit with no strength is out of play (2.2)")
		}
	}
	if len(f.Units) == 0 && !(r == Def && b.Fortification != nil) {
		return engine.Invalid("litn.combat.unit", fmt.Sprintf("the %s has no combat units", roleName(r)), "Give the participating combat units")
	}
	return nil
}

// validateAttackers: demoralized (10.1, 10.6) and entrained (8.9) units
// never attack, and the Union artillery attacks only with infantry (10.1).
func (b *Battle) validateAttackers() error {
	inf, arty := false, false
	for _, u := range b.Attacker.Units {
		switch {
		case u.Demoralized:
			return engine.Illegal("litn.combat.demoralized", fmt.Sprintf("%s is demoralized and may not attack", u.Name), "002 10.1, 10.6: demoralized units never attack; leave it out")
		case u.Entrained:
			return engine.Illegal("litn.combat.entrained", fmt.Sprintf("%s is entrained and may not attack", u.Name), "002 8.9: an entrained unit may not attack")
		}
		inf = inf || u.Type == Infantry
		arty = arty || u.Type == Artillery
	}
	if arty && b.Attacker.Side == engine.USA && !inf {
		return engine.Illegal("litn.combat.artillery", "the Union artillery may attack only with at least one Union infantry unit", "002 10.1: add an attacking infantry unit or leave the artillery out")
	}
	return nil
}

// validateCharts: the chart slots the battle reads are loaded (no options
// chart in a surprise attack, 14.2), its tables are shipped, and a force
// that force marched has the commitment modifier it needs (14.2).
func (b *Battle) validateCharts(c Charts) error {
	for _, id := range []string{SlotOptions, SlotCommitment, SlotResults, SlotExcess} {
		if b.Surprise && id == SlotOptions {
			continue
		}
		s := c.Library.Slot(id)
		if s == nil {
			return fmt.Errorf("litn: no chart slot %s", id)
		}
		if c.Loaded[id] == nil {
			return errChartMissing(s)
		}
	}
	for _, id := range []string{TableWagon, TableDemoralize, TableCasualty} {
		if c.Library.Table(id) == nil {
			return fmt.Errorf("litn: no table %s", id)
		}
	}
	for r, f := range [2]*Force{&b.Attacker, &b.Defender} {
		if f.ForceMarched && c.ForceMarchCommitment == nil {
			return engine.Invalid("litn.combat.forcemarch", fmt.Sprintf("the %s force marched: its Commitment Table roll takes the force-march modifier printed beside your table (002 14.2 names it; the rules text does not give it)", roleName(r)),
				"Give the printed force-march commitment modifier")
		}
	}
	return nil
}

// OptionsAllowed lists the chits a side may play and why the others
// are refused (002 10.2, 10.3, 10.6, 13), for the buttons.
func (b *Battle) OptionsAllowed(role int) (allowed []Option, refused map[Option]string) {
	refused = map[Option]string{}
	set := AttackerOptions()
	if role == Def {
		set = DefenderOptions()
	}
	for _, o := range set {
		if why := b.optionRefused(role, o); why != "" {
			refused[o] = why
			continue
		}
		allowed = append(allowed, o)
	}
	return allowed, refused
}

func (b *Battle) force(role int) *Force {
	if role == Att {
		return &b.Attacker
	}
	return &b.Defender
}

// optionRefused says why a side may not play o, or "".
func (b *Battle) optionRefused(role int, o Option) string {
	f := b.force(role)
	set := AttackerOptions()
	if role == Def {
		set = DefenderOptions()
	}
	in := false
	for _, s := range set {
		in = in || s == o
	}
	if !in {
		return fmt.Sprintf("the %s plays one of %s (002 10.3 Permissible Options)", roleName(role), join(set))
	}
	supplied := f.Supplied || (role == Def && len(f.Units) == 0) // the intrinsic strength needs no supply
	if !supplied && (o == Pitched || o == Assault) {
		return "unsupplied units may not choose Pitched Battle or Assault (002 10.2, 10.3)"
	}
	if o == Withdraw && f.NoRetreatPath {
		return "a force with no legal retreat path may not choose Withdraw (002 10.3)"
	}
	if o == Withdraw && b.Fortification != nil && len(f.Units) == 0 {
		return "Washington's intrinsic strength defending without combat units may not Withdraw (002 13)"
	}
	if role == Def && o == Pitched {
		for _, u := range f.Units {
			if u.Demoralized {
				return fmt.Sprintf("a defender with demoralized units (%s) may not choose Pitched Battle (002 10.6)", u.Name)
			}
		}
	}
	return ""
}

func (b *Battle) checkOptions() error {
	for role, o := range [2]Option{b.AttackerOption, b.DefenderOption} {
		if o == "" {
			return engine.Invalid("litn.combat.options", fmt.Sprintf("the %s has not chosen a combat option", roleName(role)), "Both players choose a chit secretly; they are revealed together (002 10.3)")
		}
		if why := b.optionRefused(role, o); why != "" {
			return engine.Illegal("litn.combat.option", fmt.Sprintf("the %s may not play %s: %s", roleName(role), o, why), "Choose one of "+join(func() []Option { a, _ := b.OptionsAllowed(role); return a }()))
		}
	}
	return nil
}

func join(os []Option) string {
	s := make([]string, len(os))
	for i, o := range os {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}
