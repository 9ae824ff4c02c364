// kozyr serve: the analysis page of a deal. The filter link ("only the cards that lost value" /
// "every card") works without JavaScript (?only=lost); here it only hides and shows the rows
// in place, without a reload, and keeps the address in step.
(function () {
  "use strict";
  var link = document.getElementById("filter");
  var table = document.getElementById("plays");
  if (!link || !table) return;
  var all = link.getAttribute("href").split("?")[0];
  // the page drawn with ?only=lost lists only those rows: every row is needed to show them all
  if (table.classList.contains("only-lost")) return;
  link.addEventListener("click", function (event) {
    event.preventDefault();
    var only = table.classList.toggle("only-lost");
    var other = link.getAttribute("data-other");
    link.setAttribute("data-other", link.textContent);
    link.textContent = other;
    link.setAttribute("href", only ? all : all + "?only=lost");
    try {
      history.replaceState(null, "", only ? all + "?only=lost" : all);
    } catch (error) { /* an old browser: the address stays */ }
  });
})();
