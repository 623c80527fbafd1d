package engine

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
)

// The state codec of snapshots (issue 20, docs/design.md "Snapshots"): a
// game's folded state as bytes, so that a restart folds only the events
// after the newest snapshot instead of the whole log. This file is the
// only place that knows how a GameState becomes bytes.
//
// The codec walks the state's type with reflection and writes every
// field, whatever its JSON tags say, in a compact binary form that keeps
// what reflect.DeepEqual sees: nil and empty slices and maps apart, nil
// pointers, and GameState's own unexported undo (prev, lastAction). A
// game's own state (Own, of its ruleset's type) is written by its
// ruleset's codec (GameState.EncodeOwn) and read back with the ruleset
// found from the options (Rulesets.Restore), which also gives the state
// its ruleset (rules). A field the codec cannot write (an
// unexported field of another type, an interface, a func) fails encoding
// with its field path: the test of the codec (snapshot_test.go) then fails
// until this file learns the new field.
//
// A snapshot carries its format (SnapshotFormat): the version constant
// below and a hash of the state type's structure. A snapshot whose format
// is not the running program's is not decoded but ignored: the log is
// folded from the start and a new snapshot taken. Adding, removing,
// renaming or retyping any field anywhere in GameState changes the hash by
// itself; what the hash cannot see is a change of meaning, an applier
// that folds the same events into different values: bump
// snapshotVersion then.

// snapshotVersion is bumped when folding changes meaning without changing
// the state's types (an applier fixed, a rule's effect recorded
// differently), so that snapshots folded by the old appliers are not used.
const snapshotVersion = 1

// snapshotMagic starts every snapshot's bytes.
const snapshotMagic = "umpire-state\n"

var (
	formatOnce sync.Once
	formatText string
)

// SnapshotFormat is the format of the snapshots of the kernel's games:
// "<snapshotVersion>-<hash of GameState's type structure>". A program
// with rulesets writes and reads Rulesets.SnapshotFormat.
func SnapshotFormat() string {
	formatOnce.Do(func() {
		var b strings.Builder
		describeType(&b, reflect.TypeFor[GameState](), map[reflect.Type]bool{})
		formatText = formatOf(b.String())
	})
	return formatText
}

func formatOf(structure string) string {
	sum := sha256.Sum256([]byte(structure))
	return fmt.Sprintf("%d-%s", snapshotVersion, hex.EncodeToString(sum[:12]))
}

// SnapshotFormat is the format of the snapshots of games played by these
// rulesets: SnapshotFormat's structure, and each ruleset's id and the
// structure of its own state's type (the type its DecodeState gives), so
// that a change of a ruleset's state changes the format too.
func (r *Rulesets) SnapshotFormat() string {
	if r == nil || len(r.list) == 0 {
		return SnapshotFormat()
	}
	var b strings.Builder
	describeType(&b, reflect.TypeFor[GameState](), map[reflect.Type]bool{})
	for _, rs := range r.list {
		b.WriteString("\nruleset " + string(rs.id) + ":")
		if rs.hooks.DecodeState == nil {
			continue
		}
		if own, err := rs.hooks.DecodeState([]byte("null")); err == nil && own != nil {
			describeType(&b, reflect.TypeOf(own), map[reflect.Type]bool{})
		}
	}
	return formatOf(b.String())
}

// describeType writes t's structure: kinds, named types, every field's
// name and type (exported or not), in order.
func describeType(b *strings.Builder, t reflect.Type, seen map[reflect.Type]bool) {
	if t.Name() != "" {
		b.WriteString(t.PkgPath() + "." + t.Name() + ":")
		if seen[t] {
			return
		}
		seen[t] = true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		b.WriteString(t.Kind().String() + "(")
		describeType(b, t.Elem(), seen)
		b.WriteString(")")
	case reflect.Array:
		fmt.Fprintf(b, "[%d](", t.Len())
		describeType(b, t.Elem(), seen)
		b.WriteString(")")
	case reflect.Map:
		b.WriteString("map(")
		describeType(b, t.Key(), seen)
		b.WriteString(")(")
		describeType(b, t.Elem(), seen)
		b.WriteString(")")
	case reflect.Struct:
		b.WriteString("{")
		for i := range t.NumField() {
			f := t.Field(i)
			b.WriteString(f.Name + " ")
			describeType(b, f.Type, seen)
			b.WriteString(";")
		}
		b.WriteString("}")
	default:
		b.WriteString(t.Kind().String())
	}
}

// EncodeSnapshot returns g's bytes, prev and lastAction included, in the
// format of rs (the rulesets the program plays; nil: the kernel's games
// only).
func EncodeSnapshot(g GameState, rs *Rulesets) ([]byte, error) {
	e := &snapEncoder{buf: make([]byte, 0, 64<<10)}
	e.string(snapshotMagic + rs.SnapshotFormat())
	if err := e.game(&g); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return e.buf, nil
}

// DecodeSnapshot returns the state EncodeSnapshot wrote with the same
// rulesets, or an error for bytes of another format or bytes that do not
// decode whole.
func DecodeSnapshot(data []byte, rs *Rulesets) (g GameState, err error) {
	d := &snapDecoder{buf: data, rs: rs}
	head, err := d.string()
	if err != nil {
		return GameState{}, fmt.Errorf("snapshot: %w", err)
	}
	if want := rs.SnapshotFormat(); head != snapshotMagic+want {
		return GameState{}, fmt.Errorf("snapshot: format %q, want %q", strings.TrimPrefix(head, snapshotMagic), want)
	}
	if err := d.game(&g); err != nil {
		return GameState{}, fmt.Errorf("snapshot: %w", err)
	}
	if len(d.buf) != 0 {
		return GameState{}, fmt.Errorf("snapshot: %d bytes left over", len(d.buf))
	}
	return g, nil
}

// walkFields writes or reads a struct's fields in order with f, the same
// fields both ways: every exported one, GameState's gameOwnFields left out.
func walkFields(v reflect.Value, f func(reflect.Value) error) error {
	t := v.Type()
	for i := range t.NumField() {
		field := t.Field(i)
		if t == gameType && gameOwnFields[field.Name] {
			continue
		}
		if !field.IsExported() {
			return fmt.Errorf("%s: an unexported field of %s the snapshot codec does not know (engine/snapshot.go)", field.Name, t)
		}
		if err := f(v.Field(i)); err != nil {
			return fmt.Errorf("%s: %w", field.Name, err)
		}
	}
	return nil
}

// gameOwnFields are GameState's fields the reflection walk leaves to
// game: prev and lastAction (the undo is part of the state) and Own (the
// ruleset's codec writes it) are written there; rules comes back from the
// options (Rulesets.Restore); units is a bulk fold's working buffers
// (fold.go), nil in any state a snapshot is taken of.
var gameOwnFields = map[string]bool{"prev": true, "lastAction": true, "units": true, "rules": true, "Own": true}

var (
	gameType = reflect.TypeFor[GameState]()
	timeType = reflect.TypeFor[time.Time]()
)

type snapEncoder struct{ buf []byte }

func (e *snapEncoder) uint(n uint64)   { e.buf = binary.AppendUvarint(e.buf, n) }
func (e *snapEncoder) string(s string) { e.uint(uint64(len(s))); e.buf = append(e.buf, s...) }
func (e *snapEncoder) bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

// game writes g's exported fields, then its undo: lastAction and prev
// (itself a state, whose own prev is nil: one level).
func (e *snapEncoder) game(g *GameState) error {
	if g.units != nil {
		return errors.New("a state inside a bulk fold (fold.go)")
	}
	if err := e.value(reflect.ValueOf(g).Elem()); err != nil {
		return err
	}
	e.string(g.lastAction)
	e.bool(g.Own != nil)
	if g.Own != nil {
		own, err := g.EncodeOwn()
		if err != nil {
			return fmt.Errorf("Own: %w", err)
		}
		if own == nil {
			return fmt.Errorf("Own: a %T and no ruleset codec to write it", g.Own)
		}
		e.string(string(own))
	}
	e.bool(g.prev != nil)
	if g.prev != nil {
		return e.game(g.prev)
	}
	return nil
}

func (e *snapEncoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		e.bool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = binary.AppendVarint(e.buf, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(v.Float()))
	case reflect.String:
		e.string(v.String())
	case reflect.Pointer:
		e.bool(!v.IsNil())
		if !v.IsNil() {
			return e.value(v.Elem())
		}
	case reflect.Slice:
		if v.IsNil() {
			e.uint(0)
			return nil
		}
		e.uint(uint64(v.Len()) + 1)
		if v.Type().Elem().Kind() == reflect.Uint8 {
			e.buf = append(e.buf, v.Bytes()...)
			return nil
		}
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() {
			e.uint(0)
			return nil
		}
		e.uint(uint64(v.Len()) + 1)
		for _, k := range snapKeys(v) { // the same state, the same bytes
			if err := e.value(k); err != nil {
				return err
			}
			if err := e.value(v.MapIndex(k)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if v.Type() == timeType {
			b, err := v.Interface().(time.Time).MarshalBinary()
			if err != nil {
				return err
			}
			e.string(string(b))
			return nil
		}
		return walkFields(v, e.value)
	default:
		return fmt.Errorf("a %s the snapshot codec cannot write (engine/snapshot.go)", v.Type())
	}
	return nil
}

// snapKeys returns a map's keys in order, so that encoding is
// deterministic: strings and integers by value, other keys (a Hex) by
// their encoded bytes.
func snapKeys(v reflect.Value) []reflect.Value {
	keys := v.MapKeys()
	switch v.Type().Key().Kind() {
	case reflect.String:
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmpInt(a.Int(), b.Int()) })
	default:
		type encoded struct {
			key   reflect.Value
			bytes string
		}
		enc := make([]encoded, len(keys))
		for i, k := range keys {
			e := &snapEncoder{}
			_ = e.value(k) // a key the codec cannot write fails when the map is written
			enc[i] = encoded{k, string(e.buf)}
		}
		slices.SortFunc(enc, func(a, b encoded) int { return strings.Compare(a.bytes, b.bytes) })
		for i := range enc {
			keys[i] = enc[i].key
		}
	}
	return keys
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

var errShort = errors.New("truncated")

type snapDecoder struct {
	buf []byte
	rs  *Rulesets // what finds a game's ruleset and reads its own state
}

func (d *snapDecoder) uint() (uint64, error) {
	n, k := binary.Uvarint(d.buf)
	if k <= 0 {
		return 0, errShort
	}
	d.buf = d.buf[k:]
	return n, nil
}

func (d *snapDecoder) int() (int64, error) {
	n, k := binary.Varint(d.buf)
	if k <= 0 {
		return 0, errShort
	}
	d.buf = d.buf[k:]
	return n, nil
}

func (d *snapDecoder) bool() (bool, error) {
	if len(d.buf) == 0 {
		return false, errShort
	}
	b := d.buf[0]
	d.buf = d.buf[1:]
	if b > 1 {
		return false, fmt.Errorf("bad boolean %d", b)
	}
	return b == 1, nil
}

// length reads a count of things that take at least a byte each: a
// corrupt count is refused before anything is allocated for it.
func (d *snapDecoder) length() (int, error) {
	n, err := d.uint()
	if err != nil {
		return 0, err
	}
	if n > uint64(len(d.buf)) {
		return 0, fmt.Errorf("length %d beyond the %d bytes left", n, len(d.buf))
	}
	return int(n), nil
}

func (d *snapDecoder) string() (string, error) {
	n, err := d.length()
	if err != nil {
		return "", err
	}
	s := string(d.buf[:n])
	d.buf = d.buf[n:]
	return s, nil
}

func (d *snapDecoder) game(g *GameState) error {
	if err := d.value(reflect.ValueOf(g).Elem()); err != nil {
		return err
	}
	var err error
	if g.lastAction, err = d.string(); err != nil {
		return fmt.Errorf("lastAction: %w", err)
	}
	hasOwn, err := d.bool()
	if err != nil {
		return fmt.Errorf("Own: %w", err)
	}
	var own []byte
	if hasOwn {
		s, err := d.string()
		if err != nil {
			return fmt.Errorf("Own: %w", err)
		}
		own = []byte(s)
	}
	if *g, err = d.rs.Restore(*g, own); err != nil {
		return fmt.Errorf("Own: %w", err)
	}
	if hasOwn && g.Own == nil {
		return errors.New("Own: no ruleset for the game's options")
	}
	has, err := d.bool()
	if err != nil {
		return fmt.Errorf("prev: %w", err)
	}
	if has {
		g.prev = new(GameState)
		return d.game(g.prev)
	}
	return nil
}

func (d *snapDecoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		b, err := d.bool()
		v.SetBool(b)
		return err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := d.int()
		if err == nil && v.OverflowInt(n) {
			err = fmt.Errorf("%d overflows %s", n, v.Type())
		}
		v.SetInt(n)
		return err
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := d.uint()
		if err == nil && v.OverflowUint(n) {
			err = fmt.Errorf("%d overflows %s", n, v.Type())
		}
		v.SetUint(n)
		return err
	case reflect.Float32, reflect.Float64:
		if len(d.buf) < 8 {
			return errShort
		}
		v.SetFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.buf)))
		d.buf = d.buf[8:]
	case reflect.String:
		s, err := d.string()
		v.SetString(s)
		return err
	case reflect.Pointer:
		has, err := d.bool()
		if err != nil || !has {
			return err
		}
		p := reflect.New(v.Type().Elem())
		v.Set(p)
		return d.value(p.Elem())
	case reflect.Slice:
		n, err := d.length()
		if err != nil || n == 0 {
			return err
		}
		n--
		if v.Type().Elem().Kind() == reflect.Uint8 {
			if n > len(d.buf) {
				return errShort
			}
			v.SetBytes(append(make([]byte, 0, n), d.buf[:n]...))
			d.buf = d.buf[n:]
			return nil
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			if err := d.value(s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			if err := d.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		n, err := d.length()
		if err != nil || n == 0 {
			return err
		}
		n--
		t := v.Type()
		m := reflect.MakeMapWithSize(t, n)
		for range n {
			k := reflect.New(t.Key()).Elem()
			if err := d.value(k); err != nil {
				return err
			}
			e := reflect.New(t.Elem()).Elem()
			if err := d.value(e); err != nil {
				return err
			}
			m.SetMapIndex(k, e)
		}
		if m.Len() != n {
			return fmt.Errorf("%d keys, %d of them distinct", n, m.Len())
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == timeType {
			s, err := d.string()
			if err != nil {
				return err
			}
			return v.Addr().Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary([]byte(s))
		}
		return walkFields(v, d.value)
	default:
		return fmt.Errorf("a %s the snapshot codec cannot read (engine/snapshot.go)", v.Type())
	}
	return nil
}
