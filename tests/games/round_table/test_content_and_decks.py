"""The card pool as data, decks as files, deck validation, the deck options and the deck CLI."""

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from meeple.engine import BadOption, get_game
from meeple.games.round_table import content
from meeple.games.round_table.content import Card, ContentError, load_pool
from meeple.games.round_table.deck_cli import app
from meeple.games.round_table.decks import (
    Deck,
    DeckError,
    read_custom_decks,
    starter_deck,
    starter_names,
    validate_deck,
)

POOL = load_pool()
GENERIC = ("knight-mercenary", "knight-errant", "knight-bachelor", "knight-vassal", "knight-chevalier")
RULEBOOK_NAMES = (
    *("Arthur", "Gawain", "Lancelot", "Guinevere", "Agricol", "Good Sword", "Exquisite Morningstar", "Rouncy"),
    *("Baron", "Duke", "Round Table Knight", "The Bone-Snapper", "The Green Knight", "Royal Command", "Camelot"),
    *("Farm", "Manor", "Large Manor", "Keep", "Castle"),
    *("Knight Mercenary", "Knight Errant", "Knight Bachelor", "Knight Vassal", "Knight Chevalier"),
)


def test_the_pool_holds_cards_of_every_kind_with_provenance() -> None:
    kinds = Counter(card.type for card in POOL.cards)
    # FINDINGS: "254 cards: 204 main cards, 20 different Demesnes, 30 Regions"
    assert (len(POOL.cards), sum(card.main for card in POOL.cards)) == (254, 204)
    assert kinds["region"] == 30 and kinds["demesne"] == 20
    main = {kind: kinds[kind] for kind in ("knight", "equipment", "title", "quest", "redirect")}
    assert main == {"knight": 85, "equipment": 43, "title": 28, "quest": 28, "redirect": 20}
    assert {card.id for card in POOL.cards if card.type == "knight" and not card.named} == set(GENERIC)
    assert all(kinds[k] >= 2 for k in ("knight", "equipment", "title", "quest", "redirect"))
    assert all(card.source in ("rulebook", "finding", "reconstructed") and card.note for card in POOL.cards)
    slots = Counter((card.slot, card.fey) for card in POOL.cards if card.type == "equipment")
    assert all(slots[(slot, fey)] >= 1 for slot in ("mount", "armor", "shield", "weapon") for fey in (False, True))


def test_the_rulebook_names_are_in_the_pool() -> None:
    names = {card.name for card in POOL.cards}
    assert set(RULEBOOK_NAMES) <= names


def test_demesne_chain_and_rp_from_findings() -> None:
    chain = ["farm", "manor", "large-manor", "keep", "castle"]
    assert [POOL.card(c).rp for c in chain] == [1, 2, 4, 7, 11]
    assert [POOL.card(c).upgrades for c in chain] == ["", *chain[:-1]]


def test_the_20_demesnes_are_the_5_steps_in_4_seasonal_printings_with_the_steps_rp() -> None:
    demesnes = [(i, card) for i, card in enumerate(POOL.cards) if card.type == "demesne"]
    per_step = Counter(POOL.cards[POOL.step_of[i]].id for i, _ in demesnes)
    assert per_step == dict.fromkeys(["farm", "manor", "large-manor", "keep", "castle"], 4)
    for i, card in demesnes:
        step = POOL.cards[POOL.step_of[i]]
        assert (card.rp, card.upgrades) == (step.rp, step.upgrades)
    assert POOL.card("castle-summer").name == "Castle (Summer)"


def test_a_demesne_printing_must_keep_its_steps_rp_and_upgrade() -> None:
    manor = msgspec.structs.asdict(POOL.card("manor-autumn"))
    farm = POOL.card("farm")
    with pytest.raises(ContentError, match=r"manor-autumn: a printing of Manor has its RP \(2\)"):
        content._check([farm, POOL.card("manor"), Card(**{**manor, "rp": 3})])
    with pytest.raises(ContentError, match="manor-autumn: variant_of must name a demesne of the pool that is a step"):
        content._check([farm, POOL.card("manor"), Card(**{**manor, "variant_of": "farm-spring"})])
    with pytest.raises(ContentError, match="upgrades must name a demesne of the pool that is a step"):
        content._check([farm, POOL.card("farm-spring"), Card(**{**manor, "variant_of": "", "upgrades": "farm-spring"})])


def test_fey_equipment_is_better_than_its_plain_equivalents() -> None:
    """ "Fey (magical) Equipment is better than its non-magical equivalent" (3. Equipment): no
    plain item of the same type at the same or a lower RP gives as much Influence and Resistance
    (an item with a card text, such as Excalibur's, is judged by its text too, so left out)."""
    gear = [card for card in POOL.cards if card.type == "equipment" and not card.ability]
    for fey in (card for card in gear if card.fey):
        plain = [c for c in gear if not c.fey and c.slot == fey.slot and c.rp <= fey.rp]
        assert plain, fey.name
        assert not [c.name for c in plain if c.influence >= fey.influence and c.resistance >= fey.resistance], fey.name


def test_regions_are_unique_with_resistance_and_renown() -> None:
    regions = [POOL.cards[r] for r in POOL.regions]
    assert len({r.name for r in regions}) == len(regions)
    assert all(r.renown >= 1 and r.resistance >= 1 for r in regions)


def test_content_validation_names_the_card() -> None:
    good = msgspec.structs.asdict(POOL.card("spear"))
    with pytest.raises(ContentError, match="unknown ability"):
        content._check([Card(**{**good, "ability": "nonsense"})])
    with pytest.raises(ContentError, match="equipment, and only equipment"):
        content._check([Card(**{**good, "slot": ""})])
    with pytest.raises(ContentError, match="repeated: spear"):
        content._check([POOL.card("spear"), POOL.card("spear")])


def test_the_starter_decks_are_legal_60_card_decks() -> None:
    assert starter_names() == ("grail", "orkney", "pendragon")
    for name in starter_names():
        deck = starter_deck(name)
        assert validate_deck(deck) == []
        assert sum(deck.main.values()) == 40 and sum(deck.demesne.values()) == 20


def test_the_starter_decks_never_share_a_named_knight_and_draw_on_the_grown_pool() -> None:
    """Two different starter decks never clash over a named knight (Special Rule on Knights);
    each holds 10 or more named knights, some from the cards added to the first 86."""
    first_86 = {card.id for card in POOL.cards[:86]}
    named = {name: {c for c in starter_deck(name).main if POOL.card(c).named} for name in starter_names()}
    for a, b in combinations(starter_names(), 2):
        assert not named[a] & named[b], (a, b)
    assert all(len(knights) >= 10 and knights - first_86 for knights in named.values())


def deck(**changes) -> Deck:
    base = starter_deck("pendragon")
    return msgspec.structs.replace(base, **changes)


def test_validation_gives_clear_specific_errors() -> None:
    small = deck(main={"knight-errant": 39}, demesne={"farm": 1})
    errors = validate_deck(small)
    assert "the Main deck holds 39 cards; it needs at least 40" in errors
    assert "the two decks hold 40 cards together; they need at least 60" in errors
    twins = deck(main={**starter_deck("pendragon").main, "arthur": 2})
    assert validate_deck(twins) == ["[main] Arthur is a named Knight: at most one copy per deck, not 2"]
    wrong = deck(main={**starter_deck("pendragon").main, "farm": 1, "camelot": 1, "excaliburr": 1})
    assert validate_deck(wrong) == [
        "[main] Farm is a demesne card: it belongs in the Demesne deck",
        "[main] Camelot is a region card: it belongs in no deck",
        "[main] excaliburr: no such card in the card pool",
    ]
    assert validate_deck(deck(demesne={"manor": 20})) == [
        "the Demesne deck needs a Farm: each player starts with a Farm in play"
    ]
    assert validate_deck(deck(demesne={"manor": 19, "farm-autumn": 1})) == []  # any printing of the Farm


def write_deck(tmp_path: Path, main: dict[str, int]) -> Path:
    lines = ['name = "Test"', "[main]", *(f"{k} = {v}" for k, v in main.items()), "[demesne]", "farm = 20"]
    path = tmp_path / "test.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def deck_text(main: dict[str, int], name: str = "Test") -> str:
    return "\n".join([f'name = "{name}"', "[main]", *(f"{k} = {v}" for k, v in main.items()), "[demesne]", "farm = 20"])


def test_the_cards_command_lists_the_pool_by_type_with_ids() -> None:
    runner = CliRunner()
    every = runner.invoke(app, ["cards"])
    assert every.exit_code == 0, every.output
    lines = every.output.splitlines()
    assert len(lines) == len(POOL.cards) and lines[0].startswith("farm: Farm [demesne] (+1 RP)")
    quests = runner.invoke(app, ["cards", "quest"]).output.splitlines()
    assert len(quests) == 28 and "the-siege-perilous: The Siege Perilous [quest] (5 RP) - Quest." in quests
    assert runner.invoke(app, ["cards", "wizard"]).exit_code == 2


def test_a_players_own_deck_text_can_be_chosen_per_seat() -> None:
    game = get_game("round-table", {"decks": "grail,custom", "custom_decks": deck_text({"knight-mercenary": 40})})
    state = game.new_game(2, 3)
    assert state.decks == ["grail", "custom"]
    assert {game.pool.cards[state.card_of[u]].id for u in state.main[1] + state.hand[1]} <= {"knight-mercenary", "farm"}


def test_several_own_decks_are_tables_named_by_id() -> None:
    text = "\n".join(
        f'[{deck_id}]\nname = "{deck_id}"\n[{deck_id}.main]\n{card} = 40\n[{deck_id}.demesne]\nfarm = 20'
        for deck_id, card in (("errants", "knight-errant"), ("mercs", "knight-mercenary"))
    )
    game = get_game("round-table", {"decks": "mercs,errants,pendragon", "custom_decks": text})
    state = game.new_game(3, 1)
    assert state.decks == ["mercs", "errants", "pendragon"]
    assert {game.pool.cards[state.card_of[u]].id for u in state.main[0] + state.hand[0]} <= {"knight-mercenary", "farm"}


def test_a_deck_option_never_names_a_file(tmp_path: Path) -> None:
    """From the web an option is only ever a value: a path is refused before anything is read,
    with the same message whether or not the file exists (no oracle of the server's files)."""
    real = write_deck(tmp_path, {"knight-mercenary": 40})
    messages = []
    for path in (str(real), str(tmp_path / "missing.toml"), "/etc/passwd", "../../meeple.sqlite"):
        with pytest.raises(BadOption) as info:
            get_game("round-table", {"decks": f"grail,{path}"})
        assert "is not a deck name" in str(info.value)
        messages.append(str(info.value).replace(path[:60], "PATH"))
    assert len(set(messages)) == 1


def test_bad_deck_options_are_refused_clearly() -> None:
    with pytest.raises(BadOption, match="'nosuchdeck' is neither a starter deck"):
        get_game("round-table", {"decks": "pendragon,nosuchdeck"})
    with pytest.raises(BadOption, match="Arthur is a named Knight"):
        get_game("round-table", {"custom_decks": deck_text({"arthur": 2, "knight-mercenary": 38})})
    with pytest.raises(BadOption, match="not TOML"):
        get_game("round-table", {"custom_decks": "name = ["})
    with pytest.raises(BadOption, match="at most 32768 are accepted"):
        get_game("round-table", {"custom_decks": "#" * 40000})
    with pytest.raises(BadOption, match="'grail' is a starter deck's name"):
        get_game("round-table", {"custom_decks": '[grail]\nname = "x"'})
    with pytest.raises(BadOption, match=f"between 5 and {len(POOL.regions)}"):
        get_game("round-table", {"regions": 4})
    with pytest.raises(DeckError, match="is not a starter deck"):
        starter_deck("missing")


def test_a_deck_file_on_the_command_line_becomes_deck_text(tmp_path: Path) -> None:
    """Only the command line reads deck files: their content goes into custom_decks, so the record
    replays without the file."""
    path = write_deck(tmp_path, {"knight-mercenary": 40})
    spec = get_game("round-table").spec
    options = spec.command_line_options({"decks": f"grail,{path},{path}"})
    assert options["decks"] == "grail,test,test-2"
    assert set(read_custom_decks(options["custom_decks"])) == {"test", "test-2"}
    path.unlink()
    state = get_game("round-table", options).new_game(3, 2)
    assert state.decks == ["grail", "test", "test-2"]
    with pytest.raises(BadOption, match="cannot read the deck file"):
        spec.command_line_options({"decks": str(path)})
    with pytest.raises(BadOption, match="'custom_decks' is set twice"):
        spec.command_line_options({"decks": str(real_deck(tmp_path)), "custom_decks": ""})


def real_deck(tmp_path: Path) -> Path:
    return write_deck(tmp_path, {"knight-errant": 40})


def test_deck_cli_validates_and_lists(tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["list"])
    assert listed.exit_code == 0 and re.search(r"│ pendragon +│ Pendragon +│ +40 │", listed.output)
    good = runner.invoke(app, ["validate", str(write_deck(tmp_path, {"knight-mercenary": 40}))])
    assert good.exit_code == 0 and "is a legal deck" in good.output
    bad = runner.invoke(app, ["validate", str(write_deck(tmp_path, {"knight-mercenary": 30}))])
    assert bad.exit_code == 1 and "the Main deck holds 30 cards" in bad.output
    (tmp_path / "junk.toml").write_text("name = 3", encoding="utf-8")
    junk = runner.invoke(app, ["validate", str(tmp_path / "junk.toml")])
    assert junk.exit_code == 2 and "not a deck file" in junk.output


def test_players_may_choose_the_regions() -> None:
    """7. Regions: "Players should decide before play begins" which regions, at least 5, unique."""
    chosen = "camelot,gore,orkney,carlisle,astolat,tintagel"
    game = get_game("round-table", {"region_list": chosen})
    state = game.new_game(2, 1)
    assert sorted(POOL.cards[r].id for r in state.regions + state.regions_deck) == sorted(chosen.split(","))
    with pytest.raises(BadOption, match="at least 5 regions, not 4"):
        get_game("round-table", {"region_list": "camelot,gore,orkney,carlisle"})
    with pytest.raises(BadOption, match="not regions of the card pool: arthur"):
        get_game("round-table", {"region_list": "camelot,gore,orkney,carlisle,arthur"})
    with pytest.raises(BadOption, match="unique"):
        get_game("round-table", {"region_list": "camelot,gore,orkney,carlisle,gore"})
