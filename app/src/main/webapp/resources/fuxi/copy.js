/*
 * Copy buttons: a button with the class copy-button copies the text of the .copy-text in its .copy-row. A file of its
 * own, listening on the document, so that no page needs an inline script or handler (Content Security Policy) and
 * buttons that an Ajax update replaces keep working.
 */
(function () {
    'use strict';

    /* Without the Clipboard API (plain http on a host other than localhost): select the text and copy it if allowed. */
    function selectAndCopy(element) {
        var range = document.createRange();
        range.selectNodeContents(element);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        try {
            return document.execCommand('copy');
        } catch (e) {
            return false; // the text stays selected for the user to copy
        }
    }

    document.addEventListener('click', function (event) {
        var button = event.target.closest('.copy-button');
        var row = button && button.closest('.copy-row');
        var source = row && row.querySelector('.copy-text');
        if (!source) {
            return;
        }
        var label = button.querySelector('.ui-button-text');
        var say = function (copied) {
            if (label) {
                label.textContent = copied ? 'Copied' : 'Press Ctrl+C';
            }
        };
        if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(source.textContent.trim()).then(function () {
                say(true);
            }, function () {
                say(selectAndCopy(source));
            });
        } else {
            say(selectAndCopy(source));
        }
    });
})();
