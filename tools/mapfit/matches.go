// The data mapfit fits with: which project places are which towns of
// places-latlon.csv, how today's counties make the counties of 1863, the
// counties the seeds name, and the states' FIPS codes and names.

package main

// match names the town of places-latlon.csv that a project place stands for.
// County is set where the csv has several rows of the name in the state (it
// lists a town once per county its post office serves): the row of the town
// itself is taken. Ref is set for the few fit points that are not places of
// the theatre but are printed hexes pinned in lrtg-sheets.yaml's header.
type match struct {
	Place, State, Town, County, Ref string
}

// lrtgMatches: the places of lrtg-places-*.yaml that are towns of the csv.
// Left out on purpose: Georgetown (the csv's is Cecil County, Md.), Sandy
// Hook (csv: Goochland, Va.), Flint Hill (the csv's is in Rappahannock; the
// set-up hex SN5116 is near Fairfax), White Plains (csv: Charles, Md.; the
// place is the Virginia station), Washington (the csv point is a post
// office, not a hex of the map's), and every fort, bridge, station or
// heights that is not a town.
var lrtgMatches = []match{
	{Place: "Alexandria", State: "VA", Town: "Alexandria", County: "Alexandria City"},
	{Place: "Harrisburg", State: "PA", Town: "Harrisburg"},
	{Place: "Harpers Ferry", State: "WV", Town: "Harpers Ferry"},
	{Place: "Martinsburg", State: "WV", Town: "Martinsburg"},
	{Place: "Winchester", State: "VA", Town: "Winchester", County: "Winchester City"},
	{Place: "Frederick", State: "MD", Town: "Frederick"},
	{Place: "Rockville", State: "MD", Town: "Rockville"},
	{Place: "Culpeper", State: "VA", Town: "Culpeper"},
	{Place: "Berryville", State: "VA", Town: "Berryville"},
	{Place: "Annapolis", State: "MD", Town: "Annapolis"},
	{Place: "Bladensburg", State: "MD", Town: "Bladensburg"},
	{Place: "Carlisle", State: "PA", Town: "Carlisle"},
	{Place: "Chambersburg", State: "PA", Town: "Chambersburg"},
	{Place: "Ellicott Mills", State: "MD", Town: "Ellicott City"},
	{Place: "Gettysburg", State: "PA", Town: "Gettysburg"},
	{Place: "Greencastle", State: "PA", Town: "Greencastle"},
	{Place: "Hagerstown", State: "MD", Town: "Hagerstown"},
	{Place: "Hanover", State: "PA", Town: "Hanover"},
	{Place: "Laurel", State: "MD", Town: "Laurel", County: "Prince Georges"},
	{Place: "Mechanicsburg", State: "PA", Town: "Mechanicsburg"},
	{Place: "Sharpsburg", State: "MD", Town: "Sharpsburg"},
	{Place: "Taneytown", State: "MD", Town: "Taneytown"},
	{Place: "Westminster", State: "MD", Town: "Westminster"},
	{Place: "Williamsport", State: "MD", Town: "Williamsport"},
	{Place: "York", State: "PA", Town: "York"},
	{Place: "Leesburg", State: "VA", Town: "Leesburg"},
	{Place: "Front Royal", State: "VA", Town: "Front Royal"},
	{Place: "Fredericksburg", State: "VA", Town: "Fredericksburg", County: "Fredericksburg City"},
	{Place: "Annapolis Junction", State: "MD", Town: "Annapolis Junction"},
	{Place: "Poolesville", State: "MD", Town: "Poolesville"},
	{Place: "Fairfax Station", State: "VA", Town: "Fairfax Station"},
	{Place: "Fairfax Court House", State: "VA", Town: "Fairfax", County: "Fairfax City"},
	{Place: "Brandywine", State: "MD", Town: "Brandywine"},
	{Place: "Falls Church", State: "VA", Town: "Falls Church", County: "Falls Church City"},
	{Place: "Brandy Station", State: "VA", Town: "Brandy Station"},
	{Place: "Vienna", State: "VA", Town: "Vienna"},
	{Place: "Scotland", State: "PA", Town: "Scotland"},
	{Place: "Manassas Junction", State: "VA", Town: "Manassas", County: "Manassas City"},
	{Place: "Stafford Court House", State: "VA", Town: "Stafford"},
	{Place: "Marysville Bridge", State: "PA", Town: "Marysville"},
	// Printed hexes of lrtg-sheets.yaml's header (sheet pins), not places.
	{Place: "Middletown (Md.)", State: "MD", Town: "Middletown", Ref: "HW3613"},
	{Place: "New Market (Md.)", State: "MD", Town: "New Market", Ref: "HW5016"},
	{Place: "Monrovia", State: "MD", Town: "Monrovia", Ref: "HW5017"},
	{Place: "Mt. Airy", State: "MD", Town: "Mount Airy", Ref: "HW5717"},
}

// litnMatches: the towns of litn-places.yaml. Washington is three hexes
// (left out); Hanover Junction is not in the csv.
var litnMatches = []match{
	{Place: "Baltimore", State: "MD", Town: "Baltimore", County: "Baltimore City"},
	{Place: "Carlisle", State: "PA", Town: "Carlisle"},
	{Place: "Chambersburg", State: "PA", Town: "Chambersburg"},
	{Place: "Ellicott City", State: "MD", Town: "Ellicott City"},
	{Place: "Gettysburg", State: "PA", Town: "Gettysburg"},
	{Place: "Hagerstown", State: "MD", Town: "Hagerstown"},
	{Place: "Harpers Ferry", State: "WV", Town: "Harpers Ferry"},
	{Place: "Harrisburg", State: "PA", Town: "Harrisburg"},
	{Place: "New Oxford", State: "PA", Town: "New Oxford"},
	{Place: "Rockville", State: "MD", Town: "Rockville"},
	{Place: "York", State: "PA", Town: "York"},
	{Place: "York Haven", State: "PA", Town: "York Haven"},
	{Place: "Alexandria", State: "VA", Town: "Alexandria", County: "Alexandria City"},
}

// merges1863 folds today's independent cities and later counties into the
// county of 1863 they were part of (key: state FIPS + name as in the
// geojson; value: the 1863 county's geojson name in the same state, or
// "Virginia:<name>" for West Virginia counties of 1863 Virginia).
var merges1863 = map[string]string{
	"51/Alexandria city":      "Arlington",      // Alexandria County = Arlington + City of Alexandria
	"51/Fairfax city":         "Fairfax",        // Fairfax Court House
	"51/Falls Church city":    "Fairfax",        // incorporated in Fairfax County 1875
	"51/Manassas city":        "Prince William", // Manassas Junction
	"51/Manassas Park city":   "Prince William",
	"51/Winchester city":      "Frederick", // Frederick County, Va. (000 13.8)
	"51/Fredericksburg city":  "Spotsylvania",
	"51/Harrisonburg city":    "Rockingham",
	"51/Staunton city":        "Augusta",
	"51/Waynesboro city":      "Augusta",
	"51/Charlottesville city": "Albemarle",
	"51/Lexington city":       "Rockbridge",
	"51/Buena Vista city":     "Rockbridge",
	"51/Richmond city":        "Henrico",
	"24/Baltimore city":       "Baltimore", // the game's Baltimore County has Camden Station (003)
	"54/Mineral":              "Hampshire", // formed 1866
	"54/Grant":                "Hardy",     // formed 1866
}

// seedCounties are the counties the seeds name, with where (the ids are
// those of the regions written).
var seedCounties = map[string]string{
	"md.baltimore":      "000 11, VII 1; 003 County Control (Camden Station control hex); 004 County/DC Control",
	"md.prince-georges": "000 VII 1, 3.2, 12.2 (DC release); 003 County Control; 004 County/DC Control, DC Garrison",
	"md.anne-arundel":   "000 VII 1; 003 County Control; 004 County/DC Control",
	"md.montgomery":     "000 VII 1, 3.2, 12.2; 003 County Control; 004 County/DC Control, DC Garrison, Objectives",
	"md.howard":         "000 VII 1; 003 County Control; 004 County/DC Control, Objectives",
	"md.frederick":      "000 VII 1 / 003 / 004 County Control (as Frederick County-West and -East: the seeds do not define the split)",
	"md.carroll":        "000 VII 1; 003 County Control (Westminster control hex); 004 County/DC Control, Objectives",
	"md.washington":     "004 County/DC Control (Washington County, +4/2/1)",
	"va.alexandria":     "000 VII 1, 3.2, 12.2, 16.3 (DC defense area); 003 County Control; 004 County/DC Control, Random Events",
	"va.fairfax":        "000 VII 1, 3.2, 12.2; 003 County Control; 004 County/DC Control, DC Garrison, Objectives",
	"va.loudoun":        "000 VII 1, 3.2, 12.1 (HF/WV/Balt restriction); 003 County Control; 004 County/DC Control",
	"va.frederick":      "000 13.8 (Winchester CSA depot: Frederick County, VA)",
	"va.clarke":         "000 13.8 (Berryville CSA depot)",
	"va.warren":         "000 13.8, 27 (opening restrictions; SJW W0618 treated as Warren)",
	"va.orange":         "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 Sequence of Play; 004 Sequence of Play",
	"va.spotsylvania":   "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 / 004 Sequence of Play",
	"va.caroline":       "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 / 004 Sequence of Play",
	"va.culpeper":       "000 27 (opening restrictions, Brandy Station, cavalry release)",
	"va.rappahannock":   "000 27 (opening restrictions)",
	"va.fauquier":       "000 27 (no Confederate unit may enter)",
	"va.stafford":       "000 27 (no Confederate unit may enter)",
	"pa.adams":          "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.york":           "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.dauphin":        "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.cumberland":     "000 VII 1; 003 County Control; 004 County/DC Control",
}

var stateOf = map[string]string{"24": "md", "42": "pa", "51": "va", "54": "va", "11": "dc", "10": "de"}

var stateName = map[string]string{"md": "Maryland", "pa": "Pennsylvania", "va": "Virginia (with today's West Virginia)", "dc": "District of Columbia", "de": "Delaware"}
