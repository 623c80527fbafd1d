package bot

// The authorization matrix (issue 11, hostile and careless input): every
// command the router registers, from every role, allowed or refused as
// the rules and the game's settings say (docs/authorization.md).
//
// Each case runs on a copy of a game set up once (azStore: snapshot and
// restore), so no case sees what another did. A case is "allowed" when
// the router does not refuse it for who is asking: it may still be
// refused for the game's state (the wrong step, a unit out of range), and
// that is not the matrix's business. A case is "refused" when the router
// answers with a permission refusal (azPermission lists them: the codes,
// and the words where a code also serves a state refusal), and then
// nothing is recorded: no append at all. A user of another server is
// refused with game.guild, whatever he asks of the game.
//
// Completeness: every leaf of the router's command list (what /help
// lists) must have a row, so a command added without one fails here.

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The roles. The game's channel is "war" in guild "g": Lee commands the
// Confederates (overall), Longstreet is his subordinate (1st Corps,
// cavalry, Richmond in LRTG; Longstreet's wing and the cavalry in LRTA;
// a second Confederate player in LITN), Meade the Union, alone.
type azRole struct {
	key     byte
	name    string
	user    engine.Actor
	guild   string
	manager bool     // Discord's Manage Server
	roles   []string // Discord roles
}

const azUmpireRole = "role-umpires"

var (
	longstreetA = engine.Actor{ID: "u3", Name: "Longstreet"}
	hallA       = engine.Actor{ID: "u8", Name: "Halleck"}
	managerA    = engine.Actor{ID: "u10", Name: "Admin"}
)

var azRoles = []azRole{
	{key: 'U', name: "umpire (the game's creator)", user: umpireA, guild: "g"},
	{key: 'R', name: "umpire by role", user: hallA, guild: "g", roles: []string{azUmpireRole}},
	{key: 'O', name: "overall commander (CSA)", user: leeA, guild: "g"},
	{key: 'S', name: "subordinate commander (CSA)", user: longstreetA, guild: "g"},
	{key: 'E', name: "the other side's commander (USA)", user: meadeA, guild: "g"},
	{key: 'B', name: "observer", user: guestA, guild: "g"},
	{key: 'M', name: "observer with Manage Server", user: managerA, guild: "g", manager: true},
	// The game's own umpire, with Manage Server in his other server:
	// nothing of the game may be reached from there.
	{key: 'F', name: "user of another server", user: umpireA, guild: "elsewhere", manager: true},
}

// Who is allowed, as role keys.
const (
	azAnyone  = "UROSEBMF" // reads or writes no game: anyone anywhere
	azAll     = "UROSEBM"  // everyone of the game's server (public, or one's own)
	azPlayers = "UROSE"    // the umpire and the game's players
	azUmpire  = "UR"       // the umpire's
	azCSA     = "UROS"     // the Confederates' (and the umpire's)
	azUSA     = "URE"      // the Union's (and the umpire's)
	azOverall = "URO"      // the Confederate overall commander's (and the umpire's)
	azSub     = "URS"      // what Longstreet commands (and the umpire)
	azManager = "MF"       // a server manager's, in his own server
)

// azCase is a row of the matrix: a command line in a fixture's stage, and
// the roles allowed to give it.
type azCase struct {
	fx, stage, line, allow, why string
}

var azCases = []azCase{
	// --- LRTG (High Tide) ---
	{"lrtg", "4a", "/action activate leader_or_unit:Ewell", azOverall, "the overall commander decides with the initiative (21.1); Ewell is his"},
	{"lrtg", "4a", "/action activate leader_or_unit:Longstreet", azUmpire, "Longstreet's corps is his subordinate's: Lee defers the decision to him (21.1)"},
	{"lrtg", "remote", "/action answer allow:true", azOverall, "the enemy's overall commander answers a remote movement request (17.2)"},
	{"lrtg", "4a", "/action army leader:Lee units:Early", azOverall, "Activate Army Leader, with the initiative (10.1)"},
	{"lrtg", "4a", "/action defer player:Longstreet", azOverall, ""},
	{"lrtg", "active", "/action done", azOverall, "the active commander, his overall commander or the umpire ends an action"},
	{"lrtg", "4a", "/action pass", azOverall, ""},
	{"lrtg", "4a", "/action remote units:Devin", "E", "a commander without the initiative asks for his own units (17.2); the umpire has none to ask for"},
	{"lrtg", "4a", "/action rolls reason:test", azUmpire, ""},
	{"lrtg", "4a", "/action show", azAll, "the action cycle is public"},
	{"lrtg", "active", "/attack declare units:Hood at:SS2031 type:march", azSub, "a commander attacks with his own units (docs/attacks.md)"},
	{"lrtg", "active", "/attack defend modifiers:none", azPlayers, "no battle waits: the refusal says so to the game's players; the defender's commander or the umpire answers one (attack.defender)"},
	{"lrtg", "active", "/attack show", azAll, "each asker reads the battles as he may see them"},
	{"lrtg", "active", "/attack cancel battle:1 reason:test", azUmpire, "the umpire calls a battle off (no battle waits: the refusal says so to him)"},
	{"lrtg", "active", "/attack rule note:test", azUmpire, "the umpire records what he decided for a battle's letters the chart leaves to him (none is owed: the refusal says so to him)"},
	{"lrtg", "started", "/battle result attacker:Hood attacker_result:1f defender:Reynolds defender_result:2Dr", azUmpire, "both sides' results: the umpire's (docs/combat-results.md)"},
	{"lrtg", "started", "/battle result attacker:Hood attacker_result:1f", azSub, "a commander applies a result to his own units"},
	{"lrtg", "started", "/chart load name:litn.command-point data:x", azManager, "a server's charts serve all its games: Manage Server; F loads into his own server's"},
	{"lrtg", "started", "/chart show name:lrtg.spy", azAnyone, "the rules' charts are public"},
	{"lrtg", "started", "/chart list", azAnyone, "which charts a game needs and which the server has loaded is public: no side's secret"},
	{"lrtg", "started", "/chart template name:litn.command-point", azAnyone, "a fill-in file made from the slot alone: no numbers, no side's secret"},
	{"lrtg", "2c", "/command give designation:2 to:Longstreet", azOverall, "only a designation's holder gives it (21.1)"},
	{"lrtg", "2c", "/command give designation:1 to:Lee", azSub, "refused for the state (21.1's balance) to all it is allowed to"},
	{"lrtg", "started", "/command show", azPlayers, "the division of command is for the game's commanders"},
	{"lrtg", "started", "/deadline remind at:24h", "OSE", "a player's own reminders; the umpire owes no deadlines"},
	{"lrtg", "started", "/deadline set default:24h", azUmpire, ""},
	{"lrtg", "started", "/deadline show", azAll, ""},
	{"lrtg", "started", "/deadline vacation days:3", "OSE", "a player's own vacation"},
	{"lrtg", "1e", "/declare posture:operational", "UROE", "each side's overall commander (the umpire must name a side: an input refusal)"},
	{"lrtg", "1e", "/declare posture:operational side:csa reason:absent", azOverall, ""},
	{"lrtg", "1e", "/declare", azAll, "alone: what the asker may see"},
	{"lrtg", "2d", "/dispatch close", azUmpire, ""},
	{"lrtg", "2d", "/dispatch done", "OS", "commanders with someone to write to: Meade is his side's only commander"},
	{"lrtg", "2d", "/dispatch inbox", azAll, "one's own inbox: an observer's is empty"},
	{"lrtg", "2d", "/dispatch intercepted", azAll, "the overall commander reads his side's captures; to anyone else it says only that"},
	{"lrtg", "2d", "/dispatch log", azUmpire, ""},
	{"lrtg", "2d", "/dispatch rule a:Lee b:Longstreet reason:test mode:verbal", azUmpire, ""},
	{"lrtg", "2d", "/dispatch send to:Longstreet text:orders", "O", "to a fellow commander of one's side; the umpire writes no dispatches"},
	{"lrtg", "2d", "/dispatch send to:Lee text:news", "S", ""},
	{"lrtg", "2d", "/dispatch status", azAll, "what the asker may do with each commander: an observer nothing"},
	{"lrtg", "started", "/draftriots", azUSA, "the Union's (3.3)"},
	{"lrtg", "started", "/event ammo levels:Hood=7", azSub, "the Confederates', for divisions they command"},
	{"lrtg", "started", "/event raid", azCSA, "the Confederates' (2.0 5))"},
	{"lrtg", "t4", "/event show", azPlayers, ""},
	{"lrtg", "ended", "/game audit", azAll, "an ended game's seed is public"},
	{"lrtg", "started", "/game channels", azUmpire, ""},
	{"lrtg", "started", "/game end reason:test", azUmpire, ""},
	{"lrtg", "setup", "/game join side:usa", "URBMOSE", "anyone of the server; the creator may play too (a group without a neutral member); a player joining again replaces his join (issue 22)"},
	{"lrtg", "setup", "/game leave", "OSE", "a player, off his own side before the start (issue 22)"},
	{"lrtg", "started", "/game meade reason:test", azUmpire, ""},
	{"lrtg", "empty", "/game new scenario:lrtg-high-tide", azAnyone, "anyone creates a game in a channel without one, and umpires it"},
	{"lrtg", "started", "/game new scenario:lrtg-high-tide", azAll, "refused for the state (a game is there) to everyone of the server"},
	{"lrtg", "setup", "/game oob data:x", azUmpire, ""},
	{"lrtg", "started", "/game pause reason:test", azUmpire, ""},
	{"lrtg", "setup", "/game quartermaster player:Longstreet", "UROE", "each side's overall commander appoints his side's (21.1): Meade may, but not Longstreet (an input refusal)"},
	{"lrtg", "started", "/game release group:HF reason:test", azUmpire, ""},
	{"lrtg", "setup", "/game start", azUmpire, ""},
	{"lrtg", "started", "/game status", azAll, ""},
	{"lrtg", "started", "/game undo reason:test", azUmpire, ""},
	{"lrtg", "started", "/game undo to:1 reason:test confirm:true", azUmpire, "a named earlier action (issue 22): a player is refused before the log is read; action 1 is no action of the game's (the refusal says so to the umpire)"},
	{"lrtg", "started", "/game history", azPlayers, "the umpire's all, numbered; a player's his own side's, unnumbered (issue 22)"},
	{"lrtg", "1g", "/harpersferry surrounded:false", azUmpire, ""},
	{"lrtg", "started", "/help", azAnyone, ""},
	{"lrtg", "started", "/leader show", azAll, "the public part, and the asker's own leaders"},
	{"lrtg", "3a", "/leader transfer leader:Ewell to:Early", azOverall, "a commander transfers his own leaders"},
	{"lrtg", "started", "/map at:Culpeper", azAll, "drawn from the asker's view"},
	{"lrtg", "started", "/terrain load data:x", "RMF", "a server's terrain layers serve all its games: Manage Server or the umpire role (the umpire of every game of the server); F loads into his own server's"},
	{"lrtg", "started", "/terrain show at:Culpeper", azAnyone, "a terrain layer is public map data"},
	{"lrtg", "started", "/morale adjust side:csa by:1 reason:test", azCSA, "each side keeps its own records"},
	{"lrtg", "started", "/morale check", azPlayers, ""},
	{"lrtg", "started", "/morale show", azAll, "levels are public; contributions the asker's own"},
	{"lrtg", "started", "/move units:Hood to:SS2031", azSub, "a commander moves the units he commands (21.1): Hood is of the 1st Corps"},
	{"lrtg", "started", "/move units:Early to:SS4533", azOverall, "Early (2nd Corps) is the overall commander's, given to no one"},
	{"lrtg", "active", "/move units:Ewell to:SS4533", azOverall, "in the action of the leader he activated"},
	{"lrtg", "started", "/oob", azPlayers, "one's own side (the umpire names one: an input refusal)"},
	{"lrtg", "started", "/oob side:usa", azUSA, "the other side's order of battle is secret"},
	{"lrtg", "started", "/phase next", azUmpire, ""},
	{"lrtg", "started", "/phase show", azAll, ""},
	{"lrtg", "3a", "/phase done", "OSE", "a player closes what a step opens to him (issue 22: 3a's leader transfers open to every player); the umpire ends the step with /phase next"},
	{"lrtg", "started", "/place action:levy at:Culpeper unit:Hood", azSub, "with a unit of one's command"},
	{"lrtg", "started", "/reinforcements", azPlayers, "one's own side's"},
	{"lrtg", "started", "/roll dice:2d6", azAll, "anyone rolls in the channel (the game's roll numbering)"},
	{"lrtg", "started", "/rule section:21", azAnyone, ""},
	{"lrtg", "5i", "/segment ammo at:Culpeper units:Hood", azSub, ""},
	{"lrtg", "5h", "/segment depot action:place at:Winchester", azCSA, "only the Confederates place depots (13.8)"},
	{"lrtg", "5h", "/segment depot action:construct at:Culpeper", azUSA, "only the Union constructs depots (13.8)"},
	{"lrtg", "5e", "/segment done side:csa", azCSA, "a side's own step; side: naming the other is refused, not taken for one's own"},
	{"lrtg", "5e", "/segment draw at:Culpeper units:Hood", azSub, ""},
	{"lrtg", "5e", "/segment forage fatigue:1 unit:Hood value:2", azSub, ""},
	{"lrtg", "started", "/segment range units:Hood in_range:true", azSub, ""},
	{"lrtg", "5g", "/segment repair station:Culpeper", azUSA, "the Union repairs stations (13.7)"},
	{"lrtg", "started", "/segment rivers potomac:true shenandoah:true reason:test", azUmpire, ""},
	{"lrtg", "started", "/segment show", azPlayers, "one's own side's supply"},
	{"lrtg", "started", "/segment victory", azUmpire, ""},
	{"lrtg", "started", "/supply adjust side:csa by:1 reason:test", azCSA, "each side keeps its own records"},
	{"lrtg", "started", "/supply show", azPlayers, ""},
	{"lrtg", "started", "/table list", azAnyone, ""},
	{"lrtg", "started", "/table roll table:lrtg.beauregard", azAll, "a roll, like /roll"},
	{"lrtg", "started", "/turn next", azUmpire, ""},
	{"lrtg", "started", "/turn show", azAll, ""},
	{"lrtg", "started", "/unit attach unit:Hood to:McLaws", azSub, ""},
	{"lrtg", "started", "/unit detach unit:Hood manpower:2", azSub, ""},
	{"lrtg", "started", "/unit eliminate unit:Hood", azSub, ""},
	{"lrtg", "started", "/unit mark unit:Hood mark:entrenched cause:entrench", azSub, "a raised entrenchment names its cause (issue 19)"},
	{"lrtg", "started", "/unit set unit:Hood field:fatigue value:1", azSub, ""},
	{"lrtg", "started", "/unit set unit:Hood field:manpower value:30 cause:stragglers", azSub, "a raise names a cause the rules allow; the umpire's log gets it"},
	{"lrtg", "started", "/unit log", azUmpire, "the players' changes the rules cannot check are the umpire's to read (issue 19)"},
	{"lrtg", "started", "/vp", azAll, "the Victory Point Record is public"},
	{"lrtg", "started", "/vp action:county county:Adams County", azCSA, "the Confederates claim counties (11.1)"},
	{"lrtg", "started", "/vp action:crossed", azUmpire, ""},
	{"lrtg", "started", "/vp action:vicksburg", azPlayers, ""},
	{"lrtg", "started", "/vp action:draft-riots", azUSA, ""},
	{"lrtg", "started", "/vp action:raspberry-raid", azCSA, ""},

	// --- LRTG with its options: chess clocks, limited intelligence,
	// Overall Commander Restrictions, stragglers (optional rule 30) ---
	{"lrtg-opt", "1f", "/clock chit", azPlayers, "on the spender's own clock (the umpire must name one: an input refusal)"},
	{"lrtg-opt", "1f", "/clock chit player:Lee", azOverall, "a player spends chits on his own clock only; the umpire on anyone's"},
	{"lrtg-opt", "4a", "/clock pause reason:rules", azPlayers, ""},
	{"lrtg-opt", "paused", "/clock resume", azUmpire, "a rules question's pause is the umpire's to end (22.3)"},
	{"lrtg-opt", "started", "/clock show", azAll, ""},
	{"lrtg-opt", "2a", "/command army with:Longstreet", azOverall, ""},
	{"lrtg-opt", "started", "/dummy list side:csa", azCSA, "a side's dummies are its secret (20)"},
	{"lrtg-opt", "3d", "/dummy place hex:SS3020 side:csa reason:test", azCSA, ""},
	{"lrtg-opt", "dummy", "/dummy remove hex:SS3020 side:csa reason:test", azCSA, ""},
	{"lrtg-opt", "started", "/segment stragglers unit:Hood mp:1", azSub, ""},

	// --- LRTA ---
	{"lrta", "4a", "/action reroll", "UROE", "each side's overall commander (004 Enemy Intelligence)"},
	{"lrta", "started", "/garrison penalty vp:0 reason:test", azUmpire, ""},
	{"lrta", "started", "/garrison show", azPlayers, ""},
	{"lrta", "started", "/recruits manpower:Reno 1", azUSA, "the Union's"},
	{"lrta", "3b", "/reorganize begin reason:test", azUSA, ""},
	{"lrta", "3b", "/reorganize defer reason:test", azUSA, ""},
	{"lrta", "3b", "/reorganize roll corps:none reason:test", azUSA, ""},
	{"lrta", "started", "/reorganize show", azAll, ""},
	{"lrta", "started", "/restrefit answer accept:false reason:test", azUSA, ""},
	{"lrta", "started", "/restrefit consolidate unit:Evans into:Hood:1", azSub, "Evans is of Longstreet's wing"},
	{"lrta", "started", "/restrefit done reason:test", azOverall, ""},
	{"lrta", "started", "/restrefit end reason:test", azUmpire, ""},
	{"lrta", "1r", "/restrefit pass reason:test", azOverall, ""},
	{"lrta", "1r", "/restrefit propose reason:test", azOverall, ""},
	{"lrta", "started", "/restrefit show", azAll, ""},
	{"lrta", "started", "/turn show", azAll, ""},
	{"lrta", "started", "/unit extended unit:Hood", azSub, ""},
	{"lrta", "started", "/victory check", azUmpire, ""},
	{"lrta", "7", "/victory county county:Frederick County-West", azCSA, "the Confederates claim counties"},
	{"lrta", "started", "/victory dc item:fort", azCSA, ""},
	{"lrta", "8", "/victory emancipation issue:false", azUSA, ""},
	{"lrta-obj", "started", "/victory achieved objective:x", azCSA, ""},
	{"lrta-obj", "started", "/victory objectives", azAll, "as far as the asker may know them"},
	{"lrta-obj", "2b", "/victory select objectives:keep", azOverall, ""},

	// --- LITN (scenario 1; Hooker in 1625 with the Confederates) ---
	{"litn", "G1", "/litn attack hex:1625 units:Hood", azCSA, "the side deciding first (002 10)"},
	{"litn", "C", "/litn broadcast from:R.E. Lee to:1625", azCSA, "the phasing side's (002 7.1)"},
	{"litn", "started", "/litn declare ma:infantry=6", azUmpire, "the printed allowances are the umpire's to record"},
	{"litn", "D", "/litn detach unit:Hood strength:1", azCSA, ""},
	{"litn", "C", "/litn done", azPlayers, "a side's own part (the Union owes nothing here: a state refusal)"},
	{"litn", "C", "/litn done side:usa", azUSA, "side: is the umpire's: a player says only his own side is done"},
	{"litn", "B2", "/litn first side:csa", azCSA, "the initiative's winner chooses"},
	{"litn", "D", "/litn move units:Hood path:1624 clear road", azCSA, ""},
	{"litn", "supplied", "/litn option hex:1625 choice:assault", azPlayers, "each side its own chit"},
	{"litn", "F", "/litn rail units:Hooker to:1626", azUSA, "Union rail movement, in its own phase (002 8.9)"},
	{"litn", "D", "/litn react units:Hooker path:1626", azUSA, "the non-phasing side reacts (002 8.5)"},
	{"litn2", "A1", "/litn reorganize units:Sumner", azUSA, "scenario 2: the Union (002 15.4)"},
	{"litn", "A3", "/litn replace unit:Hood points:1", azCSA, ""},
	{"litn", "fought", "/litn retreat hex:1625 path:1626 costs:4", azUSA, "the side that owes the retreat"},
	{"litn", "started", "/litn set unit:Hood reason:test strength:3", azUmpire, ""},
	{"litn", "started", "/litn depots side:csa hexes:1622", azUmpire, "the depots printed on the map are the umpire's to record (002 9.1; the issue 22 ruling)"},
	{"litn", "started", "/litn status", azPlayers, "one's own side"},
	{"litn", "started", "/litn status side:usa", azUSA, "strengths are secret (002 2.5)"},
	{"litn", "attacked", "/litn supply hex:1625 depot:1624", azPlayers, ""},
	{"litn", "A5", "/litn wagon hex:1625", azPlayers, "each side its own wagons"},
	{"litn", "D", "/litn work units:Hood kind:entrench", azCSA, ""},
	{"litn", "setup", "/sheet load side:usa data:x", azUmpire, ""},
	{"litn", "setup", "/chart load name:litn.command-point data:x game:true", azUmpire, "the game's umpire loads its own copy (issue 22): no Manage Server"},
	{"litn", "started", "/chart load name:litn.command-point data:x game:true reason:test", azUmpire, "the game's umpire, with his reason told to the table (issue 22): no Manage Server"},
	{"litn", "setup", "/litn declare ma:infantry=6", azUmpire, "the printed values, before the start too (issue 22)"},
	{"litn", "started", "/sheet show", azPlayers, "one's own side's sheet"},
	{"litn", "started", "/sheet show side:usa", azUSA, "secret from the opponent (002 2.5)"},
	{"litn", "started", "/chart roll name:litn.command-point column:Command points", azAll, "a roll, like /roll"},
	{"litn", "started", "/phase next", azUmpire, ""},
	{"litn", "started", "/map at:1625 map:litn", azAll, ""},
}

// azPerm is a permission refusal: its code, and where the code also
// serves other refusals, its kind or words.
type azPerm struct{ code, kind, text string }

var azPermission = []azPerm{
	{code: "game.guild"}, {code: "game.umpire"}, {code: "game.player"}, {code: "game.joined"}, {code: "game.not_joined"},
	{code: "unit.command"}, {code: "unit.unknown"}, // a unit the asker does not command (and, of the enemy, may not even name)
	{code: "chart.permission"}, {code: "terrain.permission"}, {code: "phase.umpire"}, {code: "phase.done.player"}, {code: "deadline.umpire"}, {code: "deadline.player"},
	{code: "action.overall"}, {code: "action.player"}, {code: "action.turn"}, {code: "action.end"}, {code: "remote.answer"},
	{code: "action.reroll", text: "Only a side's overall commander"},
	{code: "army.overall"}, {code: "control.holder"},
	{code: "declare.overall"}, {code: "declare.player"}, {code: "declare.side", kind: "illegal"},
	{code: "records.player"}, {code: "records.side", kind: "illegal"}, {code: "oob.secret"}, {code: "supply.secret"},
	{code: "reinforcements.player"}, {code: "event.player"}, {code: "event.raid.side"}, {code: "draftriots.side"},
	{code: "dispatch.player"}, {code: "dispatch.writer"}, {code: "dispatch.log"}, {code: "unit.log"}, {code: "comms.umpire"},
	{code: "dispatch.to"}, // the recipient is not a fellow commander of the writer's side
	{code: "channels.umpire"}, {code: "harpersferry.umpire"}, {code: "vp.umpire"}, {code: "vp.side"}, {code: "vp.player"},
	{code: "quartermaster.overall"}, {code: "quartermaster.player", kind: "illegal"}, {code: "quartermaster.side", kind: "illegal"},
	{code: "segment.repair.side"}, {code: "segment.depot.side"},
	{code: "clock.player", kind: "illegal"}, {code: "clock.resume"}, {code: "clock.chit", text: "on his own clock"},
	{code: "dummy.player"}, {code: "dummy.enemy"},
	{code: "garrison.player"}, {code: "garrison.umpire"}, {code: "lrta.player"}, {code: "lrta.side"}, {code: "lrta.overall"},
	{code: "restrefit.umpire"}, {code: "victory.umpire"}, {code: "emancipation.side"}, {code: "dc.side"}, {code: "objectives.side"},
	{code: "litn.side"}, {code: "litn.secret"}, {code: "litn.declare.umpire"}, {code: "litn.depots.umpire"}, {code: "litn.initiative.chooser"},
	{code: "litn.attack.turn"}, {code: "litn.retreat.none", text: "need not retreat"},
	{code: "litn.unit"}, // a unit not of the asker's side
	{code: "sheet.secret"},
	{code: "attack.defender"}, {code: "attack.player"}, {code: "attack.umpire"}, // a battle's modifiers are its defender's to state (attack.go)
}

func azIsPermission(p *Problem, text string) bool {
	for _, x := range azPermission {
		if p.Code == x.code && (x.kind == "" || p.Kind == x.kind) && strings.Contains(text, x.text) {
			return true
		}
	}
	return false
}

// --- fixtures ---

type azStage struct {
	name, from string
	do         []string
}

type azFixtureDef struct {
	setup  func(t *testing.T, r *Router, snap func(stage string))
	stages []azStage
}

var azFixtures = map[string]azFixtureDef{
	"lrtg": {setup: azSetupLRTG(nil), stages: []azStage{
		{"1e", "started", []string{"step 1/1e"}},
		{"1g", "started", []string{"step 1/1g"}},
		{"2c", "started", []string{"step 1/2c"}},
		// Longstreet away from Lee: they write to each other (21.2).
		{"2d", "started", []string{"/move units:Longstreet,Stuart to:Winchester reason:test", "step 1/2d"}},
		{"3a", "started", []string{"step 1/3a"}},
		{"4a", "started", []string{"step 1/4a"}}, // the Confederates decide
		{"active", "4a", []string{"@lee /action activate leader_or_unit:Ewell"}},
		{"remote", "4a", []string{"@meade /action remote units:Devin"}},
		{"ended", "started", []string{"/game end reason:test"}},
		{"t4", "started", []string{"step 4/1e"}},
		{"5e", "t4", []string{"@lee /declare posture:passive", "@meade /declare posture:passive", "step 4/5e"}},
		{"5g", "5e", []string{"step 4/5g"}},
		{"5h", "5g", []string{"step 4/5h"}},
		{"5i", "5h", []string{"step 4/5i"}},
	}},
	"lrtg-opt": {setup: azSetupLRTG(map[string]string{"time_limitation": "true", "intelligence": "limited", "overall_restrictions": "true", "optional": "30"}),
		stages: []azStage{
			{"1f", "started", []string{"step 1/1f"}},
			{"2a", "started", []string{"step 1/2a"}},
			{"3d", "started", []string{"step 1/3d"}},
			{"dummy", "3d", []string{"@lee /dummy place hex:SS3020"}},
			{"4a", "started", []string{"step 1/4a"}},
			{"paused", "4a", []string{"/clock pause reason:rules"}},
		}},
	"lrta": {setup: azSetupLRTA(nil), stages: []azStage{
		{"1r", "started", []string{"step 1/1r"}},
		{"3b", "started", []string{"step 1/3b"}},
		{"4a", "started", []string{"step 1/4a"}},
		{"7", "started", []string{"step 1/7"}},
		{"8", "started", []string{"step 1/8"}},
	}},
	"lrta-obj": {setup: azSetupLRTA(map[string]string{"confederate_objectives": "true"}), stages: []azStage{
		{"2b", "started", []string{"step 1/2b"}},
	}},
	"litn": {setup: azSetupLITN("litn-1-frederick-to-antietam", "sheet-1"), stages: []azStage{
		{"A3", "started", []string{"step A3"}},
		{"A5", "started", []string{"step A5"}},
		{"B2", "started", []string{"step B2"}},
		{"C", "started", []string{"step C"}},
		{"D", "started", []string{"step D"}},
		{"F", "started", []string{"step F"}},
		{"G1", "started", []string{"step G1"}},
		{"attacked", "G1", []string{"@lee /litn attack hex:1625 units:Hood, A.P. Hill"}},
		{"supplied", "attacked", []string{"@lee /litn supply hex:1625 depot:1624", "@meade /litn supply hex:1625 unsupplied:true"}},
		{"fought", "supplied", []string{"@lee /litn option hex:1625 choice:assault", "@meade /litn option hex:1625 choice:stand"}},
	}},
	"litn2": {setup: azSetupLITN("litn-2-maryland-campaign", "sheet-2"), stages: []azStage{
		{"A1", "started", []string{"step A1"}},
	}},
}

var azActors = map[string]engine.Actor{"umpire": umpireA, "lee": leeA, "longstreet": longstreetA, "meade": meadeA}

func azSetupLRTG(opts map[string]string) func(*testing.T, *Router, func(string)) {
	return func(t *testing.T, r *Router, snap func(string)) {
		o := map[string]string{"scenario": "lrtg-high-tide", "seed": "1863"}
		for k, v := range opts {
			o[k] = v
		}
		mustOK(t, r, gameReq(umpireA, "new", o))
		mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
		mustOK(t, r, gameReq(longstreetA, "join", map[string]string{"side": "csa", "command": "1,Cav,Rich"}))
		mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
		snap("setup")
		mustOK(t, r, gameReq(umpireA, "start", nil))
	}
}

func azSetupLRTA(opts map[string]string) func(*testing.T, *Router, func(string)) {
	return func(t *testing.T, r *Router, snap func(string)) {
		o := map[string]string{"scenario": "lrta-campaign", "seed": "1862"}
		for k, v := range opts {
			o[k] = v
		}
		mustOK(t, r, gameReq(umpireA, "new", o))
		mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
		mustOK(t, r, gameReq(longstreetA, "join", map[string]string{"side": "csa", "command": "L,Cav"}))
		mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
		snap("setup")
		mustOK(t, r, gameReq(umpireA, "start", nil))
	}
}

// azSetupLITN sets up a LITN scenario from the fixture sheets (INVENTED
// FOR TESTS); in scenario 1 Hooker stands in 1625 with the Confederates,
// so the Combat Phase has a battle (as lpcStartWithBattle).
func azSetupLITN(scenario, sheets string) func(*testing.T, *Router, func(string)) {
	return func(t *testing.T, r *Router, snap func(string)) {
		mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": scenario, "seed": "1862"}))
		mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
		mustOK(t, r, gameReq(longstreetA, "join", map[string]string{"side": "csa"}))
		mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
		loadLITNCharts(t, r)
		declareLITNPrinted(t, r, scenario)
		usa := litnSheetData(t, sheets+"-usa.yaml")
		if sheets == "sheet-1" {
			hooker := "  - id: usa.hooker\n    name: Hooker\n    troops: infantry\n    strength: 14\n    command: 2\n    initiative: 2\n    combat_bonus: 1\n    rank: 2\n    hex: \"3034\""
			if !strings.Contains(usa, hooker) {
				t.Fatal("the Union fixture sheet changed: Hooker's lines")
			}
			usa = strings.Replace(usa, hooker, strings.Replace(hooker, "3034", "1625", 1), 1)
		}
		mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, sheets+"-csa.yaml")}))
		snap("setup")
		mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": usa}))
		mustOK(t, r, gameReq(umpireA, "start", nil))
	}
}

type azFixture struct {
	r     *Router
	st    *azStore
	snaps map[string]azSnapshot
}

func azRouter(st *azStore) *Router {
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	return NewRouter(st, WithUmpireRole(azUmpireRole), WithDice(inDice{}), WithLogger(quietLog()), WithClock(func() time.Time { return at }))
}

func azBuild(t *testing.T, def azFixtureDef) *azFixture {
	t.Helper()
	st := newAZStore()
	f := &azFixture{r: azRouter(st), st: st, snaps: map[string]azSnapshot{"empty": st.snapshot()}}
	def.setup(t, f.r, func(stage string) { f.snaps[stage] = st.snapshot() })
	f.snaps["started"] = st.snapshot()
	for _, s := range def.stages {
		f.restore(t, s.from)
		for _, d := range s.do {
			azDo(t, f.r, d)
		}
		f.snaps[s.name] = st.snapshot()
	}
	return f
}

// restore puts the store back to a stage and forgets the router's folds
// (a fold of another stage's events must not be continued).
func (f *azFixture) restore(t *testing.T, stage string) {
	t.Helper()
	sn, ok := f.snaps[stage]
	if !ok {
		t.Fatalf("no stage %q", stage)
	}
	f.st.restore(sn)
	f.r.games = newStateCache[engine.GameState](1000)
	f.r.charts = newStateCache[engine.Charts](1000)
	f.r.states = newStateCache[engine.Channel](1000)
	f.r.links = &linkCache{}
}

// azDo runs a stage's step: "step [turn/]step", or a console line (with
// "@name " for a player; the umpire's otherwise).
func azDo(t *testing.T, r *Router, what string) {
	t.Helper()
	if s, ok := strings.CutPrefix(what, "step "); ok {
		turn, step, ok := strings.Cut(s, "/")
		if !ok {
			turn, step = "", s
		}
		azStepTo(t, r, turn, step)
		return
	}
	who := umpireA
	if rest, ok := strings.CutPrefix(what, "@"); ok {
		name, line, _ := strings.Cut(rest, " ")
		who, what = azActors[name], line
	}
	req := azParse(t, r, what)
	req.User = who
	if out := r.Handle(context.Background(), req).first(); out.Error != nil {
		t.Fatalf("stage: %s: %s", what, out.Text)
	}
}

// azParse reads a line as the console does, in guild g, channel war.
func azParse(t *testing.T, r *Router, line string) Request {
	t.Helper()
	c := &Console{Router: r, User: "x", Guild: "g", Channel: "war"}
	req, err := c.Parse(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	req.Manager = false
	return req
}

// azStepTo steps the game with /phase next (forcing what waits; the LITN
// umpire's printed numbers when asked) until the turn and step are under
// way.
func azStepTo(t *testing.T, r *Router, turn, step string) {
	t.Helper()
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 400; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		if (turn == "" || fmt.Sprint(g.Turn) == turn) && g.CurrentStep() == step {
			return
		}
		out := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "test"})).first()
		if out.Error != nil && strings.Contains(out.Text, "/litn declare") {
			mustOK(t, r, litnReq(umpireA, "declare", map[string]string{"year": "command-point=0,broadcast=0", "ma": "infantry=6,cavalry=8,artillery=6,wagon=4,leader=8"}))
			continue
		}
		if out.Error != nil {
			t.Fatalf("phase next at turn %d step %s: %s", g.Turn, g.CurrentStep(), out.Text)
		}
	}
	t.Fatalf("never reached turn %s step %s", turn, step)
}

// --- the test ---

func TestAuthorizationMatrix(t *testing.T) {
	r := NewRouter(newAZStore(), WithLogger(quietLog()))
	// Completeness: every command that runs has a row.
	covered := map[string]bool{}
	for _, c := range azCases {
		req := azParse(t, r, c.line)
		cmd, rerr := r.resolve(req)
		if rerr != nil {
			t.Fatalf("row %q: %s", c.line, rerr.Error())
		}
		if err := cmd.check(req); err != nil {
			t.Fatalf("row %q: %s", c.line, err.Error())
		}
		covered[inPath(cmd)] = true
		if _, ok := azFixtures[c.fx]; !ok {
			t.Fatalf("row %q: no fixture %q", c.line, c.fx)
		}
		for _, k := range c.allow {
			if !strings.ContainsRune("UROSEBMF", k) {
				t.Fatalf("row %q: no role %c", c.line, k)
			}
		}
	}
	var missing []string
	leaves := inLeaves(r)
	for _, c := range leaves {
		if !covered[inPath(c)] {
			missing = append(missing, "/"+inPath(c))
		}
	}
	if len(missing) > 0 {
		t.Fatalf("commands without a row in the authorization matrix (azCases): %s", strings.Join(missing, ", "))
	}

	// The fixtures run side by side, each on its own router and store; a
	// fixture's cases one after another.
	var names []string
	for n := range azFixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	var mu sync.Mutex
	cells, succeeded := 0, 0
	t.Run("fixtures", func(t *testing.T) {
		for _, n := range names {
			t.Run(n, func(t *testing.T) {
				t.Parallel()
				f := azBuild(t, azFixtures[n])
				for i, c := range azCases {
					if c.fx != n {
						continue
					}
					ok := azRun(t, f, i, c)
					mu.Lock()
					cells, succeeded = cells+len(azRoles), succeeded+ok
					mu.Unlock()
				}
			})
		}
	})
	t.Logf("%d commands (%d rows) x %d roles = %d cases; %d allowed cases succeeded, the other allowed ones were refused for the game's state", len(leaves), len(azCases), len(azRoles), cells, succeeded)
}

// azRun runs a row from every role, and returns how many allowed cases
// succeeded.
func azRun(t *testing.T, f *azFixture, i int, c azCase) (succeeded int) {
	t.Helper()
	for _, role := range azRoles {
		f.restore(t, c.stage)
		req := azParse(t, f.r, c.line)
		req.InteractionID = fmt.Sprintf("az-%d-%c", i, role.key)
		req.GuildID, req.User, req.Manager, req.Roles = role.guild, role.user, role.manager, role.roles
		before := fmt.Sprint(f.st.versions())
		out := f.r.Handle(context.Background(), req).first()
		where := fmt.Sprintf("%s [%s/%s] as %s", c.line, c.fx, c.stage, role.name)
		allowed := strings.IndexByte(c.allow, role.key) >= 0
		if out.Error != nil && out.Error.Kind == "internal" {
			t.Errorf("%s: internal error", where)
			continue
		}
		if out.Error != nil && (f.st.appends > 0 || before != fmt.Sprint(f.st.versions())) {
			t.Errorf("%s: refused (%s) but recorded", where, out.Error.Code)
		}
		perm := out.Error != nil && azIsPermission(out.Error, out.Text)
		switch {
		case allowed && perm:
			t.Errorf("%s: refused for who he is (%s: %s), but may (%s)", where, out.Error.Code, out.Text, c.why)
		case !allowed && out.Error == nil:
			t.Errorf("%s: allowed, but may not (%s)", where, c.why)
		case !allowed && !perm:
			t.Errorf("%s: refused as %s (%s), not as a permission (azPermission)", where, out.Error.Code, out.Text)
		case !allowed && role.key == 'F' && out.Error.Code != "game.guild":
			t.Errorf("%s: refused as %s, not as another server's (game.guild)", where, out.Error.Code)
		case allowed && out.Error == nil:
			succeeded++
		}
	}
	return succeeded
}
