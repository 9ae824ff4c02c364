// kozyr serve: the little JavaScript the pages use (the forms work without it).
(function () {
  "use strict";
  // Steppers: the - and + buttons beside a number field.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.step");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0;
    value += parseInt(button.getAttribute("data-step"), 10);
    var min = input.getAttribute("min"), max = input.getAttribute("max");
    if (min !== null && min !== "" && value < +min) value = +min;
    if (max !== null && max !== "" && value > +max) value = +max;
    input.value = String(value);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  // The new-game page: choosing a variant or a player count redraws the form.
  var choose = document.getElementById("choose");
  if (choose) {
    choose.addEventListener("change", function (event) {
      if (event.target.name === "variant") {
        var players = document.getElementById("players");
        if (players) players.disabled = true;
      }
      choose.submit();
    });
  }
  // Import: a chosen file is read into the text box.
  var file = document.getElementById("import-file");
  if (file) {
    file.addEventListener("change", function () {
      if (!file.files.length) return;
      file.files[0].text().then(function (text) {
        document.getElementById("record").value = text;
      });
    });
  }
  // A seats field (who reached seven, who ran away): the order of the taps is kept in the
  // hidden KEY.order field and shown as a number on each chosen button.
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches(".ordered input[type=checkbox]")) return;
    var group = box.closest(".ordered");
    var hidden = group.parentNode.querySelector('input[name="' + box.name + '.order"]');
    if (!hidden) return;
    var order = hidden.value.split(" ").filter(function (w) { return w !== "" && w !== box.value; });
    if (box.checked) order.push(box.value);
    hidden.value = order.join(" ");
    group.querySelectorAll("input[type=checkbox]").forEach(function (other) {
      var place = other.parentNode.querySelector(".place");
      var at = order.indexOf(other.value);
      if (place) place.textContent = at >= 0 ? String(at + 1) : "";
    });
  });
  // The screen kept awake while a game is open (Screen Wake Lock API, where the browser has it):
  // asked again when the page comes back into view, since the browser drops it when hidden.
  if (document.getElementById("sheet-box") && navigator.wakeLock) {
    var lock = null;
    var keepAwake = function () {
      if (document.visibilityState !== "visible" || lock) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        document.documentElement.setAttribute("data-awake", "1");
        sentinel.addEventListener("release", function () {
          lock = null;
          document.documentElement.removeAttribute("data-awake");
        });
      }).catch(function () { /* refused (battery saver, no user gesture): the page still works */ });
    };
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);
    document.addEventListener("click", keepAwake, { once: true });
  }
  // The table code from a scanned QR code (#code=NNNNNN: a fragment, never sent to the server):
  // kept for this tab and typed into the code page when it asks.
  var fragment = /(?:^|[#&])code=(\d{4,12})/.exec(location.hash || "");
  try {
    if (fragment) {
      sessionStorage.setItem("kozyr-code", fragment[1]);
      history.replaceState(null, "", location.pathname + location.search);
    }
    var codeBox = document.getElementById("code");
    var remembered = sessionStorage.getItem("kozyr-code");
    if (codeBox && remembered && !codeBox.value) codeBox.value = remembered;
  } catch (e) { /* storage refused (private mode): type the code */ }
  // Times written by the server in UTC (<time datetime="..." data-local>: the changes in the
  // conflict box) shown in the player's own time zone, which only the browser knows.
  document.querySelectorAll("time[data-local]").forEach(function (element) {
    var when = new Date(element.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    var lang = document.documentElement.lang || undefined;
    element.textContent = when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    element.setAttribute("title", when.toLocaleString(lang));
  });
  // A form sent once: its submit button is disabled against a double tap.
  document.addEventListener("submit", function (event) {
    var button = event.target.querySelector("button[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });
})();

// Live updates and drafts (the game page). A form that is half filled in is kept in the
// browser (localStorage) as it is typed, so a reload, a lost connection or the table-code page
// loses nothing; the sheet follows every change made on another phone (Server-Sent Events,
// GET /api/games/{id}/events) without a reload, and what is being typed stays.
(function () {
  "use strict";
  var PREFIX = "kozyr-draft-";
  var store = null;
  try {
    store = window.localStorage;
    store.setItem(PREFIX + "probe", "1");
    store.removeItem(PREFIX + "probe");
  } catch (error) {
    store = null; // private mode or storage off: the page works, drafts are not kept
  }

  function read(name) {
    if (!store) return null;
    try {
      return JSON.parse(store.getItem(PREFIX + name) || "null");
    } catch (error) {
      return null;
    }
  }

  function write(name, value) {
    if (!store) return;
    try {
      if (value === null) store.removeItem(PREFIX + name);
      else store.setItem(PREFIX + name, JSON.stringify(value));
    } catch (error) {
      /* full storage: the draft is not kept */
    }
  }

  function kept(element) {
    return element.name && element.type !== "hidden" && element.type !== "submit" &&
      element.type !== "button" && element.name !== "revision" && element.name !== "key";
  }

  // The draft of a form: the fields the player touched, by name (radio: the value chosen;
  // checkbox: every value ticked; others: the text).
  function capture(form, draft, element) {
    var fields = draft.fields;
    if (element.type === "radio") {
      fields[element.name] = { radio: element.value };
    } else if (element.type === "checkbox") {
      var ticked = [];
      form.querySelectorAll('input[type=checkbox][name="' + element.name + '"]').forEach(
        function (box) { if (box.checked) ticked.push(box.value); });
      fields[element.name] = { boxes: ticked };
    } else {
      fields[element.name] = { text: element.value };
    }
  }

  function apply(form, draft) {
    Object.keys(draft.fields).forEach(function (name) {
      var value = draft.fields[name];
      var elements = form.querySelectorAll('[name="' + name + '"]');
      elements.forEach(function (element) {
        if (!kept(element)) return;
        if ("radio" in value && element.type === "radio") {
          element.checked = element.value === value.radio;
        } else if ("boxes" in value && element.type === "checkbox") {
          element.checked = value.boxes.indexOf(element.value) >= 0;
        } else if ("text" in value && element.type !== "radio" && element.type !== "checkbox") {
          element.value = value.text;
        }
      });
    });
    if (draft.fields.deal_json && draft.fields.deal_json.text) {
      var details = form.querySelector("details.json");
      if (details) details.open = true;
    }
  }

  function revisionOf(root) {
    var box = root.querySelector("#sheet-box[data-revision]");
    return box ? parseInt(box.getAttribute("data-revision"), 10) : null;
  }

  // A draft was sent: once the game has moved past the revision it was sent at, and the page
  // shows no error, it was stored and is dropped.
  function settle(form, name, draft) {
    if (!draft || draft.sent === undefined || draft.sent === null) return draft;
    var now = revisionOf(document);
    var refused = document.querySelector(".error, #conflict");
    if (now !== null && now > draft.sent && !refused) {
      write(name, null);
      return null;
    }
    draft.sent = null;
    write(name, draft);
    return draft;
  }

  function watch(form) {
    var name = form.getAttribute("data-draft");
    var draft = settle(form, name, read(name));
    var refused = document.querySelector(".error, #conflict");
    // the server draws a refused form with what was posted; a draft fills a fresh one
    if (draft && !refused) apply(form, draft);
    function keep(event) {
      if (!event.target || !kept(event.target)) return;
      var current = read(name) || { fields: {} };
      current.fields = current.fields || {};
      capture(form, current, event.target);
      write(name, current);
    }
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    form.addEventListener("submit", function () {
      var current = read(name);
      var revision = form.querySelector('input[name="revision"]');
      if (current && revision) {
        current.sent = parseInt(revision.value, 10);
        write(name, current);
      }
    });
  }

  document.querySelectorAll("form[data-draft]").forEach(watch);

  // Live updates: the game page listens to its event stream.
  var box = document.getElementById("sheet-box");
  if (!box || !box.hasAttribute("data-game") || !window.EventSource || !window.fetch) return;
  if (!document.querySelector("#actions, #deleted")) return; // a page that only shows a sheet
  var game = box.getAttribute("data-game");
  var shown = revisionOf(document);
  var busy = false;
  var again = false;

  function done() {
    busy = false;
    if (again) {
      again = false;
      refresh();
    }
  }

  function refresh() {
    if (busy) {
      again = true; // one more change came while this one was fetched
      return;
    }
    busy = true;
    fetch(window.location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return done();
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var main = fresh.querySelector("main");
        var revision = revisionOf(fresh);
        if (!main || revision === null || revision <= shown) return done();
        var focused = document.activeElement;
        var focusName = focused && focused.name ? focused.name : null;
        var focusValue = focused && focused.type === "radio" ? focused.value : null;
        document.querySelector("main").replaceWith(main);
        shown = revision;
        document.querySelectorAll("form[data-draft]").forEach(function (form) {
          var draft = read(form.getAttribute("data-draft"));
          if (draft) apply(form, draft);
          watch(form);
        });
        if (focusName) {
          var selector = '[name="' + focusName + '"]' +
            (focusValue !== null ? '[value="' + focusValue + '"]' : "");
          var target = document.querySelector("main " + selector);
          if (target) target.focus();
        }
        document.body.setAttribute("data-revision", String(revision));
        done();
      })
      .catch(done);
  }

  var source = new EventSource("/api/games/" + game + "/events");
  source.addEventListener("change", function (event) {
    var data = null;
    try { data = JSON.parse(event.data); } catch (error) { return; }
    if (data && typeof data.revision === "number" && data.revision > shown) refresh();
  });
  window.addEventListener("pagehide", function () { source.close(); });
})();
