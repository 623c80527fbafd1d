package bot

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode/utf8"
)

// Discord refuses a message whose content is over 2,000 characters, and an
// embed whose description is over 4,096. The game's answers can be longer
// (a public /phase next, a /reorganize roll corps:all): cut, the players
// would lose their end. So a long output is split into as many messages
// as it needs, sent in order (discord.go): at line boundaries, a single
// line too long split at a word boundary, and a code block (```) closed at
// the end of one part and reopened in the next, so it stays a code block
// in each.
const (
	maxMessageContent   = 2000
	maxEmbedDescription = 4096
	codeFence           = "```"
)

// outputParts is o as the messages Discord takes: o itself when it fits;
// otherwise its text (or embed description) in parts, each a copy of o.
// The buttons and files go with the last part, under the end of the text
// they belong to; the embed's title with the first, its fields and footer
// with the last.
func outputParts(o Output) []Output {
	var texts []string
	if o.Embed == nil {
		texts = splitText(o.Text, maxMessageContent)
	} else {
		texts = splitText(o.Embed.Description, maxEmbedDescription)
	}
	if len(texts) < 2 {
		return []Output{o}
	}
	parts := make([]Output, len(texts))
	for n, t := range texts {
		p := o
		last := n == len(texts)-1
		if !last {
			p.Buttons, p.Files = nil, nil
		}
		if o.Embed == nil {
			p.Text = t
		} else {
			e := Embed{Description: t}
			if n == 0 {
				e.Title = o.Embed.Title
			}
			if last {
				e.Fields, e.Footer = o.Embed.Fields, o.Embed.Footer
			}
			p.Embed = &e
		}
		parts[n] = p
	}
	return parts
}

// splitText splits s into parts of at most limit characters (runes, as
// Discord counts), at line boundaries; s itself when it fits.
func splitText(s string, limit int) []string {
	if utf8.RuneCountInString(s) <= limit {
		return []string{s}
	}
	var parts, cur []string
	curLen := 0     // runes in cur joined by newlines
	fence := ""     // the opening line of the code block open after cur, "" if none
	filled := false // cur holds more than a reopened fence
	closing := func(f string) int {
		if f == "" {
			return 0
		}
		return 1 + len(codeFence) // "\n```"
	}
	flush := func() {
		text := strings.Join(cur, "\n")
		if fence != "" {
			text += "\n" + codeFence
		}
		parts = append(parts, text)
		cur, curLen, filled = nil, 0, false
		if fence != "" {
			cur, curLen = []string{fence}, utf8.RuneCountInString(fence)
		}
	}
	for _, line := range strings.Split(s, "\n") {
		// The room for one line in a part of its own: after a reopened
		// fence, before its closing.
		room := limit
		if fence != "" {
			room -= utf8.RuneCountInString(fence) + 1 + closing(fence)
		}
		for _, p := range splitLine(line, room) {
			next := fence
			if strings.Count(p, codeFence)%2 == 1 {
				if fence == "" {
					next = fenceOpening(p)
				} else {
					next = ""
				}
			}
			add := utf8.RuneCountInString(p)
			if len(cur) > 0 {
				add++
			}
			if filled && curLen+add+closing(next) > limit {
				flush()
				add = utf8.RuneCountInString(p)
				if len(cur) > 0 {
					add++
				}
			}
			cur = append(cur, p)
			curLen += add
			fence, filled = next, true
		}
	}
	if filled {
		parts = append(parts, strings.Join(cur, "\n"))
	}
	return parts
}

// fenceOpening is the line that reopens the code block a line opens: the
// fence with its language, if the line starts with it.
func fenceOpening(line string) string {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, codeFence) && strings.Count(t, codeFence) == 1 {
		return t
	}
	return codeFence
}

// splitLine splits a line longer than limit at word boundaries (at limit
// characters when a word alone is longer).
func splitLine(line string, limit int) []string {
	r := []rune(line)
	if len(r) <= limit || limit < 1 {
		return []string{line}
	}
	var out []string
	for len(r) > limit {
		cut, skip := limit, 0
		for i := limit; i > 0; i-- {
			if r[i] == ' ' {
				cut, skip = i, 1
				break
			}
		}
		out = append(out, string(r[:cut]))
		r = r[cut+skip:]
	}
	return append(out, string(r))
}

// partNonce is the nonce of the n-th part (n > 0) of a message posted with
// nonce: its own, so Discord drops only a repeat of the same part, and at
// most 25 characters as Discord requires.
func partNonce(nonce string, n int) string {
	if n == 0 {
		return nonce
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/part%d", nonce, n)
	return fmt.Sprintf("p%016x", h.Sum64())
}
