import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthForm } from './AuthForm';

const meta = {
  component: AuthForm,
  args: { mode: 'signin', onSubmit: () => {}, onDemoSignIn: () => {}, mascot: 'idle' },
} satisfies Meta<typeof AuthForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {};
export const SignUp: Story = { args: { mode: 'signup', mascot: 'typing' } };
export const Busy: Story = { args: { busy: true } };
export const WithError: Story = { args: { error: 'Invalid email or password.', mascot: 'peek' } };
