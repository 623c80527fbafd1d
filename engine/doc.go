// Package engine is Umpire's pure game core: domain types, commands, events,
// typed rule errors, dice and the procedures that turn a command into events.
//
// The engine imports the standard library only. It never reads a clock, a
// database or the network: dice and time are injected, a command against a
// state returns events or a *RuleError, and a state is the fold of its events
// (Apply never mutates its receiver's shared data). Persistence lives in
// package store, presentation in package bot.
package engine
