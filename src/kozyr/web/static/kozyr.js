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
  // A form sent once: its submit button is disabled against a double tap.
  document.addEventListener("submit", function (event) {
    var button = event.target.querySelector("button[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });
})();
