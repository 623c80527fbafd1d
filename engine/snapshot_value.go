package engine

import (
	"fmt"
	"reflect"
)

// EncodeValue and DecodeValue write and read a ruleset's own state
// (GameState.Own) with the snapshot's codec: every exported field, maps
// in key order, the same walk both ways. A ruleset whose state is plain
// exported data uses them as its Hooks.EncodeState and DecodeState
// instead of writing a codec of its own; JSON would not do where a map's
// key is a struct (a Hex).
func EncodeValue(v any) ([]byte, error) {
	e := &snapEncoder{}
	if err := e.value(reflect.ValueOf(v)); err != nil {
		return nil, fmt.Errorf("snapshot: %T: %w", v, err)
	}
	return e.buf, nil
}

// DecodeValue reads into *into what EncodeValue wrote of a value of its
// type; every byte must be read.
func DecodeValue(data []byte, into any) error {
	v := reflect.ValueOf(into)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("snapshot: decode into %T, want a non-nil pointer", into)
	}
	d := &snapDecoder{buf: data}
	if err := d.value(v.Elem()); err != nil {
		return fmt.Errorf("snapshot: %s: %w", v.Elem().Type(), err)
	}
	if len(d.buf) != 0 {
		return fmt.Errorf("snapshot: %s: %d bytes left over", v.Elem().Type(), len(d.buf))
	}
	return nil
}
