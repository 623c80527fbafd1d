package engine

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Hex is a hex of a theatre's global grid, in axial coordinates. Printed
// sheet numbers (XXYY) are offset coordinates; converting through axial
// keeps the odd-column shift right when sheets are joined.
type Hex struct {
	Q, R int
}

// Distance returns the number of hexes between a and b.
func Distance(a, b Hex) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return (Abs(dq) + Abs(dr) + Abs(dq+dr)) / 2
}

func Abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Neighbours returns the six hexes around h.
func (h Hex) Neighbours() [6]Hex {
	return [6]Hex{{h.Q + 1, h.R}, {h.Q + 1, h.R - 1}, {h.Q, h.R - 1}, {h.Q - 1, h.R}, {h.Q - 1, h.R + 1}, {h.Q, h.R + 1}}
}

// Parity says which printed columns sit half a hex lower.
type Parity int

// Parities.
const (
	OddColumnsDown  Parity = iota // column 01 lower than 02 (LITN: 1426 borders 1525)
	EvenColumnsDown               // column 02 lower than 01
)

// OffsetToAxial converts a printed column and row to axial coordinates.
func OffsetToAxial(col, row int, p Parity) Hex {
	shift := col & 1 // odd columns down
	if p == EvenColumnsDown {
		shift = (col + 1) & 1
	}
	return Hex{Q: col, R: row - (col-shift)/2}
}

// AxialToOffset converts back to a printed column and row.
func AxialToOffset(h Hex, p Parity) (col, row int) {
	shift := h.Q & 1
	if p == EvenColumnsDown {
		shift = (h.Q + 1) & 1
	}
	return h.Q, h.R + (h.Q-shift)/2
}

// Sheet is one printed map sheet: its printed hexes are placed into the
// theatre's grid by an axial translation.
type Sheet struct {
	ID      string   // "SS", "HW", "RN", "PA", "LITN"
	Name    string   // "Stonewall Jackson's Way, South"
	Family  string   // the game the sheet comes from: "SJW", "HCR", "RTG"
	Letter  string   // the sheet's letter within its family: "S", "N", "W", "E"
	Aliases []string // other ways the seeds write the sheet, e.g. "SJW S"
	Parity  Parity
	DQ, DR  int // axial translation into the theatre grid
	// Printed column and row ranges (inclusive).
	MinCol, MaxCol, MinRow, MaxRow int
	// Calibration: how many places printed on this sheet and another
	// pinned the translation, and the largest disagreement in hexes.
	CalibrationPairs int
	MaxResidual      int
	CalibrationNote  string
}

// Global places a printed hex of the sheet into the theatre grid.
func (s *Sheet) Global(col, row int) Hex {
	h := OffsetToAxial(col, row, s.Parity)
	return Hex{Q: h.Q + s.DQ, R: h.R + s.DR}
}

// Printed returns the printed XXYY of a global hex on this sheet, and
// whether the sheet has it.
func (s *Sheet) Printed(h Hex) (col, row int, ok bool) {
	col, row = AxialToOffset(Hex{Q: h.Q - s.DQ, R: h.R - s.DR}, s.Parity)
	return col, row, col >= s.MinCol && col <= s.MaxCol && row >= s.MinRow && row <= s.MaxRow
}

// HexRef is a parsed hex reference: the sheet and its printed number.
type HexRef struct {
	Sheet    string
	Col, Row int
}

func (r HexRef) String() string { return fmt.Sprintf("%s%02d%02d", r.Sheet, r.Col, r.Row) }

// ErrHex is the kind of error for a hex reference that cannot be read.
var ErrHex = ErrInvalid

var hexRefRE = regexp.MustCompile(`^(?i)\s*([A-Z$][A-Z$ ]*?)?\s*(\d{3,4})\s*$`)

// ParseHexRef reads a hex the way the seeds write it, against the sheets
// of one theatre: "SS4129", "HCR W 4424", "HE 2050", "RTG S0116", "SJW N
// 4804", "RS0632", "E930" (three digits: column 9, row 30), or a bare
// "4001" on a theatre of one sheet. A lone sheet letter ("N4907") is read
// in the context of a family of sheets ("RTG"), or when only one sheet of
// the theatre has that letter. Typos like "S$4927" are read as the sheet
// their letters name.
func ParseHexRef(s string, sheets []Sheet, context string) (HexRef, error) {
	m := hexRefRE.FindStringSubmatch(s)
	bad := func(what string) error {
		names := make([]string, 0, len(sheets))
		for _, sh := range sheets {
			names = append(names, sh.ID)
		}
		sort.Strings(names)
		return &RuleError{Kind: ErrInvalid, Code: "hex.ref", What: fmt.Sprintf("%q is not a hex: %s", s, what),
			Hint: "Write a sheet and its printed four-digit number, e.g. " + strings.Join(names, "2020, ") + "2020"}
	}
	if m == nil {
		return HexRef{}, bad("it needs a sheet and a printed number")
	}
	prefix := strings.ToUpper(strings.Join(strings.Fields(strings.ReplaceAll(m[1], "$", "S")), " "))
	digits := m[2]
	if len(digits) == 3 {
		digits = "0" + digits
	}
	col, _ := strconv.Atoi(digits[:2])
	row, _ := strconv.Atoi(digits[2:])
	var sheet *Sheet
	switch {
	case prefix == "" && len(sheets) == 1:
		sheet = &sheets[0]
	case prefix == "":
		return HexRef{}, bad("which sheet? this theatre has several")
	case len(prefix) == 1:
		var byLetter []*Sheet
		for i := range sheets {
			if sh := &sheets[i]; sh.Letter == prefix && (context == "" || strings.EqualFold(sh.Family, context)) {
				byLetter = append(byLetter, sh)
			}
		}
		if len(byLetter) > 1 {
			return HexRef{}, bad(fmt.Sprintf("sheet letter %s is on several maps; name the map, e.g. %s %s", prefix, byLetter[0].Family, prefix))
		}
		if len(byLetter) == 1 {
			sheet = byLetter[0]
		}
	default:
		key := strings.ReplaceAll(prefix, " ", "")
		for i := range sheets {
			sh := &sheets[i]
			names := append([]string{sh.ID, sh.Family + sh.Letter}, sh.Aliases...)
			for _, n := range names {
				if n != "" && strings.EqualFold(strings.ReplaceAll(n, " ", ""), key) {
					sheet = sh
				}
			}
		}
	}
	if sheet == nil {
		return HexRef{}, bad(fmt.Sprintf("no sheet %q", prefix))
	}
	if col < sheet.MinCol || col > sheet.MaxCol || row < sheet.MinRow || row > sheet.MaxRow {
		return HexRef{}, bad(fmt.Sprintf("sheet %s runs from %02d%02d to %02d%02d", sheet.ID, sheet.MinCol, sheet.MinRow, sheet.MaxCol, sheet.MaxRow))
	}
	return HexRef{Sheet: sheet.ID, Col: col, Row: row}, nil
}
