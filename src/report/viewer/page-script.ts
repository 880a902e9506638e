/**
 * The script of the rung, optimize and track pages (plain DOM, no library): the text filter over
 * the rows marked `data-search`, the count it shows, and `#task=<id>` in the URL opening that task.
 * Every section is rendered as HTML before it runs; it only hides, shows and opens.
 */
export const PAGE_SCRIPT = `(function () {
'use strict';
var input = document.getElementById('f-text'), count = document.getElementById('f-count');
var items = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
function apply() {
  var text = input ? input.value.trim().toLowerCase() : '', shown = 0;
  items.forEach(function (item) {
    var ok = !text || item.dataset.search.toLowerCase().indexOf(text) >= 0;
    item.hidden = !ok;
    if (ok) shown++;
  });
  if (count) count.textContent = 'showing ' + shown + ' of ' + items.length;
}
if (input) input.addEventListener('input', apply);
items.forEach(function (item) {
  if (item.tagName === 'DETAILS' && item.dataset.task) item.addEventListener('toggle', function () {
    if (item.open) history.replaceState(null, '', '#task=' + encodeURIComponent(item.dataset.task));
  });
});
apply();
var wanted = /^#task=(.*)$/.exec(location.hash);
if (wanted) {
  var id = decodeURIComponent(wanted[1]);
  var hit = items.find(function (item) { return item.dataset.task === id; });
  if (hit) { hit.open = true; hit.scrollIntoView(); }
}
document.body.dataset.ready = 'true';
})();
`;
