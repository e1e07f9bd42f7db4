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
export const UsernameTaken: Story = {
  args: { mode: 'signup', error: 'Username already exists', errorField: 'username' },
};
export const DemoAccountInUse: Story = {
  args: {
    demoInUse: [1],
    demoNote: 'Test User 1 is in use by another visitor right now. Try Test User 2.',
  },
};
export const BothDemoAccountsInUse: Story = {
  args: {
    demoInUse: [1, 2],
    demoNote:
      'Both demo accounts are in use right now. Each frees up when its visitor closes the tab or goes idle: try again in a few minutes, or sign up for your own account.',
  },
};
