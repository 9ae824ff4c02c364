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
  // A form sent once: its submit button is disabled against a double tap.
  document.addEventListener("submit", function (event) {
    var button = event.target.querySelector("button[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });
})();
