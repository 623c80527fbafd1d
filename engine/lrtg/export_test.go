package lrtg

// HexLine is hexLine for the external tests (telegraph_test.go).
var HexLine = hexLine
