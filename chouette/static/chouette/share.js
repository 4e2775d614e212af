// The settlement's "Share or copy" button: the phone's share sheet when there is one,
// else the text is copied to the clipboard (and selected, if even that is refused).
(function () {
  const button = document.getElementById("share-button");
  const text = document.getElementById("share-text");
  if (!button || !text) return;
  button.addEventListener("click", async function () {
    const data = { title: button.dataset.shareTitle, text: text.value };
    try {
      if (navigator.share) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(text.value);
      button.textContent = button.dataset.copied;
    } catch (error) {
      text.focus();
      text.select();
    }
  });
})();
