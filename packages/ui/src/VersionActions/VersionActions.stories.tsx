import type { Meta, StoryObj } from '@storybook/react-vite';
import { VersionActions } from './VersionActions';

const meta = {
  component: VersionActions,
  parameters: { layout: 'fullscreen' },
  args: {
    revision: 8,
    caption: 'Revision 8 · 10:41 · maria restored the version of revision 5',
    canRestore: true,
    onRestore: () => {},
    onCopy: () => {},
    onName: () => {},
  },
} satisfies Meta<typeof VersionActions>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {};
export const Collaborator: Story = { args: { canRestore: false } };
export const Latest: Story = { args: { isLatest: true, caption: 'The canvas as it is now' } };
export const Copying: Story = { args: { copying: true } };
export const NoRevisionYet: Story = { args: { revision: null, caption: 'Loading the history…' } };
