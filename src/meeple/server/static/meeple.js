// meeple: the browser glue. Nothing here knows any game.
// Table pages: htmx's ws extension connects and swaps in what the server pushes (#view,
// #notice); this file sends {"action": id, "seq": n} when an element with data-action is
// clicked (an SVG element or a button), once per board (a double click sends one move), and
// {"ready": seat} from the hot-seat "pass the device" screen. Notices fade after a while.
// After the first view the server sends {"patch": ops}: what changed since the last view
// (meeple/server/patches.py); the view-patch extension rebuilds the whole #view from it
// before htmx swaps it in.
// A tap or click on a board element that is not a choice shows its tooltips (its <title>s,
// the full rule text of a room, location, card or tile) in the #inspect panel: phones have
// no hover.
// Lobby: the game picker shows one game's form, a form shows only the seats of its player
// count, a file chooser fills the text area beside it, and "My tables" lists the seat links
// this browser opened (kept in localStorage, never sent anywhere).
(function () {
  "use strict";
  var socket = null;
  var sentAt = null; // the board (data-seq) an action was sent from, until the answer comes
  var fadeTimer = null;
  var NOTICE_MS = { info: 3000, error: 9000 };
  var MY_TABLES = "meeple.myTables";
  var MY_TABLES_KEPT = 30;

  function say(text, kind) {
    var notice = document.getElementById("notice");
    if (notice) {
      notice.textContent = text;
      notice.className = "notice" + (kind ? " " + kind : "");
      notice.setAttribute("role", kind === "error" ? "alert" : "status");
      notice.setAttribute("data-seen", "1");
    }
  }

  function connection(text) {
    var line = document.getElementById("connection");
    if (line) line.textContent = text;
  }

  function viewSeq() {
    var view = document.getElementById("view");
    return view ? view.getAttribute("data-seq") : null;
  }

  // A notice the server just pushed: fade it out after a while (news sooner than refusals).
  function timeNotice() {
    var notice = document.getElementById("notice");
    if (!notice || notice.hasAttribute("data-seen")) return;
    notice.setAttribute("data-seen", "1");
    if (notice.textContent.trim() === "") return;
    sentAt = null; // the server answered the action: another may be sent
    var kind = notice.classList.contains("error") ? "error" : "info";
    if (fadeTimer) clearTimeout(fadeTimer);
    fadeTimer = setTimeout(function () {
      notice.classList.add("fading");
      fadeTimer = setTimeout(function () { say("", ""); }, 600);
    }, NOTICE_MS[kind]);
  }

  // --- views sent as patches (the same cuts and operations as meeple/server/patches.py) -----

  var PATCH_CUTS = ["<!---->", "<"]; // the pieces of a view, then the markup of one
  var shownView = null; // the last #view this socket was sent, as text: patches apply to it

  function applyPatch(old, ops, level) {
    var cut = PATCH_CUTS[level];
    var chunks = old.split(cut);
    var out = [];
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      if (typeof op === "string") out.push(op);
      else if (Array.isArray(op)) out.push.apply(out, chunks.slice(op[0], op[0] + op[1]));
      else out.push(applyPatch(chunks[op.at], op.ops, level + 1));
    }
    return out.join(cut);
  }

  htmx.defineExtension("view-patch", {
    transformResponse: function (text) {
      if (text.charAt(0) === "{") {
        var patch = JSON.parse(text).patch;
        if (shownView === null || !patch) return ""; // nothing to patch: wait for a whole view
        text = applyPatch(shownView, patch, 0);
      }
      if (text.lastIndexOf('<div id="view"', 0) === 0) shownView = text;
      return text;
    }
  });

  document.addEventListener("htmx:wsOpen", function (event) {
    shownView = null; // a new connection starts with a whole view
    socket = event.detail.socketWrapper;
    sentAt = null;
    connection("Connected.");
  });

  document.addEventListener("htmx:wsClose", function (event) {
    socket = null;
    sentAt = null;
    var close = event.detail.event;
    if (close.code >= 4000) {
      connection("Disconnected.");
      say(close.reason || "The server closed the connection.", "error");
    } else {
      connection("Connection lost; reconnecting…");
    }
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    if (sentAt !== null && viewSeq() !== sentAt) sentAt = null; // a new board: choose again
    timeNotice();
  });

  function play(event, target) {
    var view = document.getElementById("view");
    if (!view || !view.contains(target)) return;
    event.preventDefault();
    if (!socket) {
      say("Not connected to the server yet.", "error");
      return;
    }
    if (target.hasAttribute("data-ready")) {
      say("", "");
      socket.send(JSON.stringify({ ready: Number(target.getAttribute("data-ready")) }));
      return;
    }
    var seq = view.getAttribute("data-seq");
    if (sentAt === seq) return; // this board's move is on its way: a second click sends nothing
    say("", "");
    sentAt = seq;
    socket.send(JSON.stringify({ action: target.getAttribute("data-action"), seq: Number(seq) }));
  }

  // --- inspecting the board ---------------------------------------------------------------

  function ownTitle(element) {
    for (var child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (child.tagName.toLowerCase() === "title") return child.textContent.trim();
    }
    return "";
  }

  // The tooltips of `element` and of what holds it, within its board panel, widest first.
  function inspect(element, board) {
    var panel = document.getElementById("inspect");
    if (!panel) return;
    var texts = [];
    for (var at = element; at && at !== board; at = at.parentElement) {
      if (at.parentElement === board && texts.length) break; // a panel's own title: only if nothing nearer
      var text = ownTitle(at);
      if (text && texts.indexOf(text) < 0) texts.unshift(text);
    }
    var body = panel.querySelector(".inspect-text");
    body.textContent = "";
    texts.forEach(function (text) {
      var line = document.createElement("p");
      line.textContent = text;
      body.appendChild(line);
    });
    panel.hidden = texts.length === 0;
  }

  function closeInspect() {
    var panel = document.getElementById("inspect");
    if (panel) panel.hidden = true;
  }

  // --- the lobby ------------------------------------------------------------------------

  function chooseGame(slug) {
    document.querySelectorAll("section.game[data-game]").forEach(function (section) {
      section.hidden = section.getAttribute("data-game") !== slug;
    });
    document.querySelectorAll(".game-card[data-game]").forEach(function (card) {
      var chosen = card.getAttribute("data-game") === slug;
      card.classList.toggle("chosen", chosen);
      if (chosen) card.setAttribute("aria-current", "true");
      else card.removeAttribute("aria-current");
    });
  }

  function showSeats(input) {
    var form = input.form;
    var count = Number(input.value);
    if (!form || !Number.isInteger(count)) return;
    count = Math.max(Number(input.min) || 1, Math.min(Number(input.max) || count, count));
    form.querySelectorAll("[data-seat]").forEach(function (seat) {
      seat.hidden = Number(seat.getAttribute("data-seat")) >= count;
    });
  }

  function readMyTables() {
    try {
      var kept = JSON.parse(localStorage.getItem(MY_TABLES) || "[]");
      return Array.isArray(kept) ? kept.filter(function (t) { return t && typeof t.url === "string"; }) : [];
    } catch (error) {
      return [];
    }
  }

  function writeMyTables(tables) {
    try {
      localStorage.setItem(MY_TABLES, JSON.stringify(tables.slice(0, MY_TABLES_KEPT)));
    } catch (error) {
      // storage full or disabled: "My tables" is a convenience only
    }
  }

  // A seat page remembers its link (newest first), so the lobby can lead back to it.
  function rememberTable(table) {
    var url = location.pathname + location.search;
    var entry = {
      url: url,
      table: table.getAttribute("data-table"),
      title: table.getAttribute("data-title"),
      seat: table.getAttribute("data-mine"),
      at: new Date().toISOString()
    };
    writeMyTables([entry].concat(readMyTables().filter(function (t) { return t.url !== url; })));
  }

  function showMyTables(section) {
    var list = section.querySelector("ul");
    var tables = readMyTables();
    list.textContent = "";
    section.hidden = tables.length === 0;
    tables.forEach(function (t) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = t.url;
      link.textContent = (t.title || "A table") + ", table " + t.table + " (" + (t.seat || "a seat") + ")";
      var forget = document.createElement("button");
      forget.type = "button";
      forget.className = "forget";
      forget.textContent = "Forget";
      forget.setAttribute("aria-label", "Forget table " + t.table + " (" + (t.seat || "a seat") + ")");
      forget.addEventListener("click", function () {
        writeMyTables(readMyTables().filter(function (other) { return other.url !== t.url; }));
        showMyTables(section);
      });
      item.appendChild(link);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(forget);
      list.appendChild(item);
    });
  }

  function fillFromFile(input) {
    var target = document.getElementById(input.getAttribute("data-fills"));
    var file = input.files && input.files[0];
    if (!target || !file) return;
    var reader = new FileReader();
    reader.onload = function () { target.value = String(reader.result); };
    reader.readAsText(file);
  }

  document.addEventListener("click", function (event) {
    var element = event.target instanceof Element ? event.target : null;
    if (!element) return;
    var target = element.closest("[data-action],[data-ready]");
    if (target) {
      play(event, target);
      return;
    }
    var board = element.closest(".bk-board");
    if (board) {
      inspect(element, board);
      return;
    }
    if (element.closest("[data-inspect-close]")) {
      closeInspect();
      return;
    }
    var card = element.closest(".game-card[data-game]");
    if (card) {
      event.preventDefault();
      var slug = card.getAttribute("data-game");
      chooseGame(slug);
      history.replaceState(null, "", "#game-" + slug);
      var section = document.getElementById("game-" + slug);
      if (section && section.getBoundingClientRect().top > window.innerHeight) section.scrollIntoView();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeInspect();
  });

  document.addEventListener("input", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.hasAttribute("data-players")) showSeats(event.target);
  });

  document.addEventListener("change", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.hasAttribute("data-fills")) fillFromFile(event.target);
  });

  document.addEventListener("DOMContentLoaded", function () {
    var cards = document.querySelectorAll(".game-card[data-game]");
    if (cards.length) {
      var chosen = document.querySelector(".game-card.chosen");
      var fromHash = location.hash.indexOf("#game-") === 0 ? location.hash.slice(6) : null;
      var slug = chosen ? chosen.getAttribute("data-game") : fromHash;
      if (!document.getElementById("game-" + slug)) slug = cards[0].getAttribute("data-game");
      chooseGame(slug);
    }
    document.querySelectorAll("input[data-players]").forEach(showSeats);
    var mine = document.getElementById("my-tables");
    if (mine) showMyTables(mine);
    var table = document.getElementById("table");
    if (table && table.hasAttribute("data-mine")) rememberTable(table);
  });
})();
