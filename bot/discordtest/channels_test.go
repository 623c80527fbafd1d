package discordtest_test

import (
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func TestGuildChannels(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "game", Type: discordgo.ChannelTypeGuildCategory})
	if err != nil {
		t.Fatal(err)
	}
	ow := []*discordgo.PermissionOverwrite{
		{ID: "g", Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		{ID: "u1", Type: discordgo.PermissionOverwriteTypeMember, Allow: discordgo.PermissionViewChannel},
	}
	ch, err := sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "hq", Type: discordgo.ChannelTypeGuildText, ParentID: cat.ID, PermissionOverwrites: ow})
	if err != nil {
		t.Fatal(err)
	}
	got := srv.GuildChannel(ch.ID)
	if got == nil || got.ParentID != cat.ID || len(got.PermissionOverwrites) != 2 || got.PermissionOverwrites[1].Allow != discordgo.PermissionViewChannel {
		t.Fatalf("created %+v", got)
	}
	list, err := sess.GuildChannels("g")
	if err != nil || len(list) != 2 {
		t.Fatalf("list = %v, %v", list, err)
	}

	// A parent that is no category, and a bad overwrite, are refused.
	_, err = sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "x", ParentID: ch.ID})
	wantRESTError(t, err, http.StatusBadRequest, 50035)
	_, err = sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "x", PermissionOverwrites: []*discordgo.PermissionOverwrite{{Type: 1}}})
	wantRESTError(t, err, http.StatusBadRequest, 50035)

	// Edit, set one overwrite, delete.
	if _, err := sess.ChannelEdit(ch.ID, &discordgo.ChannelEdit{Name: "hq-archived"}); err != nil {
		t.Fatal(err)
	}
	if err := sess.ChannelPermissionSet(ch.ID, "u1", discordgo.PermissionOverwriteTypeMember, discordgo.PermissionViewChannel, discordgo.PermissionSendMessages); err != nil {
		t.Fatal(err)
	}
	got = srv.GuildChannel(ch.ID)
	if got.Name != "hq-archived" || len(got.PermissionOverwrites) != 2 || got.PermissionOverwrites[1].Deny != discordgo.PermissionSendMessages {
		t.Fatalf("after edit %+v %+v", got, got.PermissionOverwrites[1])
	}
	if _, err := sess.ChannelDelete(cat.ID); err != nil {
		t.Fatal(err)
	}
	if c := srv.GuildChannel(ch.ID); c.ParentID != "" {
		t.Error("a deleted category's channel keeps its parent")
	}
	_, err = sess.ChannelDelete(cat.ID)
	wantRESTError(t, err, http.StatusNotFound, 10003)
	if d := srv.DeletedChannels(); len(d) != 1 || d[0].ID != cat.ID {
		t.Errorf("deleted = %v", d)
	}
}

func TestGuildChannelLimits(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "game", Type: discordgo.ChannelTypeGuildCategory})
	if err != nil {
		t.Fatal(err)
	}
	srv.AddGuildChannels("g", cat.ID, discordtest.MaxCategoryChannels)
	_, err = sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "one-more", ParentID: cat.ID})
	wantRESTError(t, err, http.StatusBadRequest, 50035)
	srv.AddGuildChannels("g", "", discordtest.MaxGuildChannels-1-discordtest.MaxCategoryChannels)
	_, err = sess.GuildChannelCreateComplex("g", discordgo.GuildChannelCreateData{Name: "one-more"})
	wantRESTError(t, err, http.StatusBadRequest, 30013)
	if n := len(srv.GuildChannels("g")); n != discordtest.MaxGuildChannels {
		t.Errorf("guild has %d channels", n)
	}
}
