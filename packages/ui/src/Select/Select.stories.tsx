import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';

const meta = {
  component: Select,
  args: {
    label: 'Speed',
    value: '1',
    options: ['0.5', '1', '2', '4'].map((value) => ({ value, label: `${value}×` })),
    onChange: () => {},
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {};
export const HiddenLabel: Story = { args: { hideLabel: true } };
