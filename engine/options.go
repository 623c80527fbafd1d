package engine

import (
	"encoding/json"
	"reflect"
	"strings"
)

// A game's options are one JSON object: the kernel's fields, and beside
// them the options of the game's own ruleset under keys of their own
// (GameOptions.Rules), so a ruleset adds options without the kernel
// naming them, and games stored before a ruleset owned its options
// ("litn": {...}) decode as they were.

// MarshalJSON writes the kernel's fields and the ruleset's keys.
func (o GameOptions) MarshalJSON() ([]byte, error) {
	type plain GameOptions
	b, err := json.Marshal(plain(o))
	if err != nil || len(o.Rules) == 0 {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, v := range o.Rules {
		if _, kernel := m[k]; kernel || optionKeys[k] {
			continue // a ruleset never overwrites the kernel's options
		}
		m[k] = v
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the kernel's fields, and keeps every other key for
// the game's ruleset.
func (o *GameOptions) UnmarshalJSON(b []byte) error {
	type plain GameOptions
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for k, v := range m {
		if optionKeys[k] {
			continue
		}
		if p.Rules == nil {
			p.Rules = map[string]json.RawMessage{}
		}
		p.Rules[k] = v
	}
	*o = GameOptions(p)
	return nil
}

// optionKeys are the JSON keys of the kernel's options.
var optionKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeOf(GameOptions{})
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}()
