// Injected by ReportInBrowserTest into a copy of the report (the report itself runs no script): measures
// the layout Chromium built and writes what it found into a pre element with the id layout-check, one
// line each: the problems (text over text, text outside its cell, a box spilling over its neighbour,
// a page wider than the window) and, in data-scrolling, the boxes that scroll their content inside.
(function () {
  var problems = [];
  var scrolling = [];
  var tolerance = 0.5;
  var view = document.documentElement.clientWidth;

  function describe(element) {
    var parts = [element.tagName.toLowerCase()];
    var cls = element.getAttribute('class');
    if (cls) { parts.push('.' + cls.split(' ').join('.')); }
    var owner = element.closest('[data-run]');
    if (owner) { parts.push(' of ' + owner.getAttribute('data-run')); }
    var section = element.closest('section');
    if (section && section.id) { parts.push(' in #' + section.id); }
    var text = element.textContent.replace(/\s+/g, ' ').trim();
    return parts.join('') + ' "' + (text.length > 40 ? text.slice(0, 40) + '…' : text) + '"';
  }
  function round(value) { return Math.round(value * 10) / 10; }
  function intersects(a, b) {
    return a.left < b.right - tolerance && b.left < a.right - tolerance
        && a.top < b.bottom - tolerance && b.top < a.bottom - tolerance;
  }
  function inside(inner, outer) {
    return inner.left >= outer.left - tolerance && inner.right <= outer.right + tolerance
        && inner.top >= outer.top - tolerance && inner.bottom <= outer.bottom + tolerance;
  }
  function scrolls(element) {
    var overflow = getComputedStyle(element).overflowX;
    return overflow === 'auto' || overflow === 'scroll';
  }
  // What of a rect is drawn: the part inside every box between it and the page that scrolls.
  function drawn(element, rect) {
    var left = rect.left, right = rect.right, top = rect.top, bottom = rect.bottom;
    for (var box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (scrolls(box)) {
        var clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
    }
    return right - left > tolerance ? {left: left, right: right, top: top, bottom: bottom} : null;
  }
  // The ink of an element's own text: its direct text nodes, not its children's.
  function ownText(element) {
    var range = document.createRange();
    var rects = [];
    element.childNodes.forEach(function (node) {
      if (node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '') {
        range.selectNodeContents(node);
        Array.prototype.forEach.call(range.getClientRects(), function (r) {
          if (r.width > 0 && r.height > 0) { rects.push(r); }
        });
      }
    });
    return rects;
  }

  if (document.documentElement.scrollWidth > view + tolerance) {
    problems.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + view + ' px window');
  }

  Array.prototype.forEach.call(document.body.querySelectorAll('*'), function (box) {
    if (scrolls(box) && box.scrollWidth > box.clientWidth + tolerance) {
      scrolling.push(describe(box) + ' scrolls ' + box.scrollWidth + ' px in ' + box.clientWidth + ' px');
    }
  });

  // Boxes laid out side by side (the runs, the phase cards) never overlap and hold or scroll their content.
  document.querySelectorAll('.runs, .phase-cards').forEach(function (row) {
    var boxes = Array.prototype.slice.call(row.children);
    boxes.forEach(function (box, i) {
      if (!scrolls(box)) {
        Array.prototype.forEach.call(box.querySelectorAll('svg, table'), function (content) {
          if (!inside(content.getBoundingClientRect(), box.getBoundingClientRect())) {
            problems.push(describe(content) + ' spills out of ' + describe(box));
          }
        });
      }
      boxes.slice(i + 1).forEach(function (other) {
        if (intersects(box.getBoundingClientRect(), other.getBoundingClientRect())) {
          problems.push(describe(box) + ' overlaps ' + describe(other));
        }
      });
    });
  });

  // Every piece of text fits its cell (a table cell's text its cell, an SVG's text its SVG) and no
  // two pieces of text are drawn over each other.
  var pieces = [];
  Array.prototype.forEach.call(document.body.querySelectorAll('*'), function (element) {
    // A closed <details>'s body is laid out but not drawn: it can overlap nothing.
    if (element.closest('title, style, script, #layout-check') || !element.checkVisibility()) { return; }
    ownText(element).forEach(function (rect) {
      var outer = element.closest('svg') || element.closest('td, th');
      if (outer && !inside(rect, outer.getBoundingClientRect())) {
        var box = outer.getBoundingClientRect();
        problems.push(describe(element) + ' (x ' + round(rect.left) + ' to ' + round(rect.right) + ') does not fit '
            + describe(outer) + ' (x ' + round(box.left) + ' to ' + round(box.right) + ')');
      }
      var shown = drawn(element, rect);
      if (shown) { pieces.push({element: element, rect: shown}); }
    });
  });
  pieces.sort(function (a, b) { return a.rect.top - b.rect.top; });
  for (var i = 0; i < pieces.length; i++) {
    for (var j = i + 1; j < pieces.length && pieces[j].rect.top < pieces[i].rect.bottom - tolerance; j++) {
      if (pieces[i].element !== pieces[j].element && intersects(pieces[i].rect, pieces[j].rect)) {
        problems.push(describe(pieces[i].element) + ' overlaps ' + describe(pieces[j].element));
      }
    }
  }

  var out = document.createElement('pre');
  out.id = 'layout-check';
  out.setAttribute('data-width', String(view));
  out.setAttribute('data-texts', String(pieces.length));
  out.setAttribute('data-scrolling', scrolling.join('; '));
  out.textContent = problems.join('\n');
  document.body.appendChild(out);
})();
