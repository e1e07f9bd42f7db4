import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DIALOG_STORY_PARAMETERS } from '../shared/dialogStory';
import { Modal } from './Modal';
import type { ModalProps } from './Modal';

const meta = {
  component: Modal,
  parameters: DIALOG_STORY_PARAMETERS,
  args: {
    open: true,
    title: 'A dialog',
    onClose: () => {},
    children: <p>Any content goes here.</p>,
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const WithoutCloseButton: Story = { args: { closeButton: false } };

/** A page's button opens it; Tab stays inside, Escape closes it and focus returns to the button. */
function OpenedByAButton({ title }: Pick<ModalProps, 'title'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="tb-button tb-button--primary" onClick={() => setOpen(true)}>
        Rename…
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <label className="tb-field" style={{ marginBottom: '1.25rem' }}>
          <span className="tb-field__label">Name</span>
          <input className="tb-input" defaultValue="Roadmap" />
        </label>
        <div className="tb-modal__actions">
          <button
            type="button"
            className="tb-button tb-button--ghost"
            onClick={() => setOpen(false)}
          >
            Cancel
          </button>
          <button type="button" className="tb-button tb-button--primary">
            Save
          </button>
        </div>
      </Modal>
    </>
  );
}

export const FromAButton: Story = {
  args: { open: false, title: 'Rename the canvas' },
  render: (args) => <OpenedByAButton title={args.title} />,
};
