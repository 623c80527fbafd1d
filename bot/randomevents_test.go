package bot

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// queueDice rolls the faces queued for the next roll, and 4 on every
// other die: the steps before 1d (other modules' rolls) take 4s however
// many they roll, and the random events step gets exactly its faces.
type queueDice struct {
	mu    sync.Mutex
	queue []int
}

func (q *queueDice) Open([]byte) (StreamDice, error) { return q, nil }
func (q *queueDice) MarshalBinary() ([]byte, error)  { return []byte("queue"), nil }

func (q *queueDice) Roll(sides int) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.queue) > 0 {
		f := q.queue[0]
		q.queue = q.queue[1:]
		return f
	}
	return min(4, sides)
}

func (q *queueDice) push(faces ...int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.queue = append(q.queue, faces...)
}

func (q *queueDice) left() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}

func eventReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "event", Path: []string{sub}, Options: opts}
}

// toRandomEvents steps the game with /phase next (forcing the steps that
// wait for the players) until the next step is turn 4's random events.
func toRandomEvents(t *testing.T, r *Router) {
	t.Helper()
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 80; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.Turn == 4 && g.CurrentStep() == "1b" {
			return
		}
		if out := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "the test plays no player"})).first(); out.Error != nil {
			t.Fatalf("/phase next at turn %d step %s: %s", g.Turn, g.CurrentStep(), out.Text)
		}
	}
	t.Fatal("turn 4 never reached")
}

// Turn 4's random events through /phase next: 8 is the Spy; the
// Confederates win it, and its information goes to them only.
func TestRandomEventSpyThroughPhaseNext(t *testing.T) {
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLRTG(t, r, nil)
	toRandomEvents(t, r)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	// 4+4 = 8: the Spy. Lee is off the map (south), Hooker at SS4929
	// (south: -1): the Confederates 5, the Union 2-1 = 1.
	q.push(4, 4, 5, 2)
	rep := r.Handle(ctx, phaseReq(ump, "next", nil))
	out := rep.first()
	if out.Error != nil || out.Audience.Kind != AudiencePublic || q.left() != 0 {
		t.Fatalf("/phase next: %+v (%d faces left)", out, q.left())
	}
	for _, want := range []string{"▶ 1d Random Events", "Table result for 8: Spy", "**Random event, turn 4: Spy**",
		"The Confederates win the Spy", "Confederate: 1d6 [5] = 5", "Union: 1d6 [2] −1 (Hooker or Meade is south of the Potomac) = 1"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("the channel's message lacks %q:\n%s", want, out.Text)
		}
	}
	types := map[string]int{}
	for _, v := range out.Events {
		types[v.Type]++
	}
	if types["table.rolled"] != 2 || types["random.event"] != 1 || types["step.begun"] != 1 {
		t.Errorf("public events: %v", types)
	}
	g, _ := r.gameHere(ctx, ump)
	if lrtg.Of(g).Events.SpyWinner(4) != engine.CSA {
		t.Fatalf("spy winner %q", lrtg.Of(g).Events.SpyWinner(4))
	}

	// The Spy's information: the Union supply sheet, to the Confederates.
	lee := mustOK(t, r, eventReq(leeA, "show", nil))
	meade := mustOK(t, r, eventReq(meadeA, "show", nil))
	if lee.Audience.Kind != AudienceEphemeral || meade.Audience.Kind != AudienceEphemeral {
		t.Fatal("/event show is not ephemeral")
	}
	if !strings.Contains(lee.Text, "Spy: Union supply, turn 4") || !strings.Contains(lee.Text, "Wadsworth 7") {
		t.Fatalf("Lee's /event show lacks the Union supply sheet:\n%s", lee.Text)
	}
	// And where the Union has scheduled depots (none yet), 000 2.0 7).
	if !strings.Contains(lee.Text, "Spy: Union depot schedule") || !strings.Contains(lee.Text, "No depot is scheduled") {
		t.Errorf("Lee's /event show lacks the Union depot schedule:\n%s", lee.Text)
	}
	if strings.Contains(meade.Text, "depot schedule\n") || !strings.Contains(meade.Text, "supply status sheet and depot schedule") {
		t.Errorf("Meade's /event show:\n%s", meade.Text)
	}
	if !strings.Contains(out.Text, "the Union's supply status sheet and depot schedule") {
		t.Errorf("the channel's message does not say what the Spy's winner examines:\n%s", out.Text)
	}
	for _, secret := range []string{"Union supply, turn", "Confederate supply, turn", "McLaws", "Wadsworth 7"} {
		if strings.Contains(meade.Text, secret) {
			t.Errorf("Meade's /event show holds %q:\n%s", secret, meade.Text)
		}
		if strings.Contains(out.Text, secret) {
			t.Errorf("the channel's message holds %q", secret)
		}
	}
	if !strings.Contains(meade.Text, "you declare Operational or Passive first") {
		t.Errorf("Meade is not told the Spy's consequences:\n%s", meade.Text)
	}
	if o := r.Handle(ctx, eventReq(guestA, "show", nil)).first(); o.Error == nil || strings.Contains(o.Text, "Wadsworth") {
		t.Fatalf("a guest's /event show: %+v", o)
	}
	// Nothing waits: the step may end.
	if out := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); out.Error != nil {
		t.Fatalf("after the Spy: %s", out.Text)
	}
}

// 7 with Meade in command north of the Potomac and every garrison unit
// arrived is the Raspberry Raid: the step waits for the Confederates'
// choice, /event raid makes it.
func TestRandomEventRaspberryRaidThroughPhaseNext(t *testing.T) {
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLRTG(t, r, nil)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	move := func(units, to string) {
		t.Helper()
		mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": units, "to": to, "reason": "test set-up"}})
	}
	mustOK(t, r, gameReq(umpireA, "meade", map[string]string{"reason": "test set-up"}))
	move("usa.meade", "RS3201")                                 // Gettysburg
	move("csa.corse,csa.mjenkins,csa.cooke,csa.wise", "SS1418") // Culpeper
	toRandomEvents(t, r)
	q.push(3, 4) // 7
	out := r.Handle(ctx, phaseReq(ump, "next", nil)).first()
	if out.Error != nil || q.left() != 0 {
		t.Fatalf("/phase next: %s", out.Text)
	}
	for _, want := range []string{"Table result for 7: Rear Area Paralysis", "Meade has assumed command and is north of the Potomac",
		"every Richmond Garrison installment has already arrived", "**Random event, turn 4: Raspberry Raid**",
		"Waiting for: the Confederates' Raspberry Raid choice"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("the channel's message lacks %q:\n%s", want, out.Text)
		}
	}
	if o := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); o.Error == nil || o.Error.Code != "phase.waiting" {
		t.Fatalf("the step ended while it waited: %+v", o)
	}
	if o := r.Handle(ctx, eventReq(meadeA, "raid", nil)).first(); o.Error == nil {
		t.Fatalf("the Union made the raid choice: %+v", o)
	}
	q.push(5) // 5 - 2 withdrawn = 3: 10 VP
	raid := mustOK(t, r, eventReq(leeA, "raid", map[string]string{"units": "Corse, Cooke"}))
	for _, want := range []string{"1d6: [5] −2 (Richmond Garrison units withdrawn (2 × -1)) → 3", "**-10 VP** (raspberry-raid)",
		"Withdrawn from the map before the roll: Corse, Cooke.", "waits for no one"} {
		if !strings.Contains(raid.Text, want) {
			t.Errorf("/event raid lacks %q:\n%s", want, raid.Text)
		}
	}
	if raid.Audience.Kind != AudiencePublic {
		t.Fatalf("/event raid: %s", raid.Audience.Kind)
	}
	if o := r.Handle(ctx, eventReq(leeA, "raid", nil)).first(); o.Error == nil {
		t.Fatal("a second raid")
	}
	if o := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); o.Error != nil {
		t.Fatalf("after the raid: %s", o.Text)
	}
}

// With limited intelligence the channel is not told where the army
// commanders stand (the facts), nor which units an installment brings.
func TestRandomEventLimitedIntelligence(t *testing.T) {
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	if g, _ := r.gameHere(ctx, ump); !g.Options.LimitedIntel {
		t.Fatal("no limited intelligence")
	}
	toRandomEvents(t, r)
	q.push(4, 5) // 9: Confederate Reinforcement: Imboden
	out := r.Handle(ctx, phaseReq(ump, "next", nil)).first()
	if out.Error != nil {
		t.Fatal(out.Text)
	}
	if strings.Contains(out.Text, "Imboden") || strings.Contains(out.Text, "Facts:") || strings.Contains(out.Text, "lee_north") {
		t.Fatalf("the channel is told secrets:\n%s", out.Text)
	}
	for _, v := range out.Events {
		if strings.Contains(string(v.Data), "imboden") {
			t.Fatalf("a public event names Imboden: %s", v.Data)
		}
	}
	if lee := mustOK(t, r, eventReq(leeA, "show", nil)); !strings.Contains(lee.Text, "Available to enter: Imboden") {
		t.Fatalf("Lee's /event show:\n%s", lee.Text)
	}
	if meade := mustOK(t, r, eventReq(meadeA, "show", nil)); strings.Contains(meade.Text, "Imboden") {
		t.Fatalf("Meade's /event show:\n%s", meade.Text)
	}
}

// The Spy's winner sees the loser's depot schedule (000 2.0 7)): each
// construction or dismantling not yet carried out, with its turns.
func TestSpyDepotScheduleText(t *testing.T) {
	var g engine.GameState
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Segment.Schedules = []lrtg.DepotSchedule{
			{Side: engine.USA, Place: "Frederick", Action: lrtg.DepotConstruct, Turn: 8, Due: 20},
			{Side: engine.CSA, Place: "Winchester", Action: lrtg.DepotDismantle, Turn: 8, Due: 9},
			{Side: engine.USA, Place: "Harpers Ferry", Action: lrtg.DepotDismantle, Turn: 9, Due: 10},
		}
	})
	got := spyDepotText(g, engine.USA)
	want := "Frederick: construction, scheduled on turn 8, due in the Depot Placement / Removal of turn 20\n" +
		"Harpers Ferry: dismantling, scheduled on turn 9, due in the Depot Placement / Removal of turn 10"
	if got != want {
		t.Errorf("the Union's schedule:\n%s\nwant\n%s", got, want)
	}
	if got := spyDepotText(engine.GameState{}, engine.CSA); got != "No depot is scheduled to be placed or removed." {
		t.Errorf("no schedule: %s", got)
	}
}
