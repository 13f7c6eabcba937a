// The export part's messages, English: the list of files to save, their sizes and notes,
// printing, and the words inside the images (the text and JSON formats have none).
export default {
  "export.print": "Print…",
};
