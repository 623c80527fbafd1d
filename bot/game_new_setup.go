package bot

import "github.com/umpire-games/umpire/engine"

// setupImportNote tells the umpire at /game new what the shipped order of
// battle cannot give and a group should import before the start (issue
// 22): LRTA's set-up comes from the SJW and HCR rosters, which list no
// 1862 Pennsylvania militia and no cavalry in Washington in August, where
// 004 needs both (scenarios/oob/lrta-usa.yaml, choices U9 and U12).
func setupImportNote(o engine.GameOptions) string {
	if o.Scenario != "lrta-campaign" {
		return ""
	}
	return "\n📋 The shipped order of battle (the SJW and HCR set-up rosters) meets 004's DC garrison of 18 MP in the DC Defense Area but for its 2 cavalry MP, and has no Pennsylvania militia: no roster gives them for August 1862. Without them the DC garrison is 2 cavalry MP short until the Union Cavalry Exhaustion sends regiments to Washington, and the militia entry (004 1 a)) never rolls. A group with its own copy imports it with /game oob before /game start: its Pennsylvania militia on the pa-militia track, and 2 MP of Union cavalry set up in the DC Defense Area (docs/oob-format.md)."
}
