/**
 * Story parameters of the components that open a modal `<dialog>`: on a docs page each story
 * runs in its own frame, since a modal dialog covers (and makes inert) the page it opens on.
 */
export const DIALOG_STORY_PARAMETERS = {
  docs: { story: { inline: false, iframeHeight: 520 } },
} as const;
