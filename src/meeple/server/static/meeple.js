// meeple: the click -> websocket glue. htmx's ws extension connects and swaps in what the
// server pushes (#view, #notice); this file sends {"action": id, "seq": n} when an element
// with data-action is clicked (an SVG element or a button), and {"ready": seat} from the
// hot-seat "pass the device" screen. Nothing here knows any game.
(function () {
  "use strict";
  var socket = null;

  function say(text, kind) {
    var notice = document.getElementById("notice");
    if (notice) {
      notice.textContent = text;
      notice.className = "notice" + (kind ? " " + kind : "");
    }
  }

  function connection(text) {
    var line = document.getElementById("connection");
    if (line) line.textContent = text;
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    connection("Connected.");
  });

  document.addEventListener("htmx:wsClose", function (event) {
    socket = null;
    var close = event.detail.event;
    if (close.code >= 4000) {
      connection("Disconnected.");
      say(close.reason || "The server closed the connection.", "error");
    } else {
      connection("Connection lost; reconnecting…");
    }
  });

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("[data-action],[data-ready]") : null;
    var view = document.getElementById("view");
    if (!target || !view || !view.contains(target)) return;
    event.preventDefault();
    if (!socket) {
      say("Not connected to the server yet.", "error");
      return;
    }
    say("", "");
    if (target.hasAttribute("data-ready")) {
      socket.send(JSON.stringify({ ready: Number(target.getAttribute("data-ready")) }));
    } else {
      socket.send(JSON.stringify({ action: target.getAttribute("data-action"), seq: Number(view.getAttribute("data-seq")) }));
    }
  });
})();
