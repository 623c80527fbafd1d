package scenarios

import (
	"testing"
)

func TestTheatresLoad(t *testing.T) {
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	litn := ts["litn"]
	if litn == nil || len(litn.Sheets) != 1 {
		t.Fatalf("litn = %+v", litn)
	}
	if h, ref, err := litn.ParseHex("4001", ""); err != nil || ref.String() != "LITN4001" || h.Q != 40 {
		t.Fatalf("4001 = %v %v %v", h, ref, err)
	}
}
