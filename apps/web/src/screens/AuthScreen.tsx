import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_USERNAME_LENGTH,
} from '@tabula/domain';
import { AuthForm } from '@tabula/ui';
import type { AuthFieldLimits, AuthFormValues, MascotMood } from '@tabula/ui';
import { splitToken } from '../api/apiClient';
import { ROUTES } from '../app/constants';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { authErrorField } from '../features/auth/authErrorField';
import { authErrorMachine } from '../features/auth/authErrorMachine';
import { demoNote } from '../features/auth/demoNote';
import { loginMachine } from '../features/auth/loginMachine';
import { mascotMachine, mascotPose } from '../features/auth/mascotMachine';
import type { MascotPose } from '../features/auth/mascotMachine';
import type { Session } from '../features/auth/session';
import { signUpMachine } from '../features/auth/signUpMachine';
import type { AlertType } from '../features/alerts/alertMachine';

const MOOD: Record<MascotPose, MascotMood> = { idle: 'idle', watching: 'typing', shy: 'peek' };

/** The server's bounds (shared/limits.ts) as the inputs' maxlength / minlength. */
const LIMITS: AuthFieldLimits = {
  name: { max: MAX_DISPLAY_NAME_LENGTH },
  username: { min: MIN_USERNAME_LENGTH, max: MAX_USERNAME_LENGTH },
  email: { max: MAX_EMAIL_LENGTH },
};

/** Keeps the page from scrolling while the auth screen is shown (spec §2). */
function useNoPageScroll(): void {
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
}

/** /signin and /signup: one auth screen in login or registration mode (spec §2). */
export function AuthScreen() {
  const services = useServices();
  const navigate = useNavigate();
  const mode = useLocation().pathname === ROUTES.signUp ? 'signup' : 'signin';
  const signedIn = useAppSelector((s) => s.session !== null);
  useNoPageScroll();

  const fieldError = useActorRef(authErrorMachine);
  const mascot = useActorRef(mascotMachine);

  const effects = useMemo(
    () => ({
      storeSession: (_: unknown, session: Session) => services.storeSession(session),
      showAlert: (_: unknown, { text, type }: { text: string; type: AlertType }) =>
        services.showAlert(text, type),
      showFieldError: (_: unknown, { text }: { text: string }) =>
        fieldError.send({ type: 'error.show', text, field: authErrorField(text) }),
    }),
    [services, fieldError],
  );

  const login = useActorRef(
    useMemo(
      () =>
        loginMachine.provide({
          actors: {
            loginUser: fromPromise(async ({ input }) =>
              splitToken(
                input.kind === 'demo'
                  ? await services.api.demoLogin(input.account)
                  : await services.api.loginUser({ email: input.email, password: input.password }),
              ),
            ),
            checkLoggedInElsewhere: fromPromise(({ input }) =>
              services.checkLoggedInElsewhere(input),
            ),
          },
          actions: { ...effects, navigate: (_, { to }) => navigate(to) },
        }),
      [services, effects, navigate],
    ),
  );

  const signUp = useActorRef(
    useMemo(
      () =>
        signUpMachine.provide({
          actors: {
            createUser: fromPromise(async ({ input }) =>
              splitToken(await services.api.createUser(input)),
            ),
          },
          actions: effects,
        }),
      [services, effects],
    ),
  );

  const loginBusy = useSelector(login, (s) => s.hasTag('busy'));
  const signUpBusy = useSelector(signUp, (s) => s.hasTag('busy'));
  const error = useSelector(fieldError, (s) => s.context);
  const demoInUse = useSelector(login, (s) => s.context.demoInUse);
  const pose = useSelector(mascot, mascotPose);

  if (signedIn) return <Navigate to={ROUTES.home} replace />;

  function submit(values: AuthFormValues) {
    fieldError.send({ type: 'error.clear' });
    if (mode === 'signin') {
      login.send({ type: 'login.submit', email: values.email, password: values.password });
    } else {
      const name = values.name.trim();
      signUp.send({
        type: 'signup.submit',
        ...(name ? { name } : {}),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
    }
  }

  return (
    <section className="tw-auth">
      <AuthForm
        mode={mode}
        onSubmit={submit}
        onDemoSignIn={(account) => login.send({ type: 'login.demo', account })}
        busy={loginBusy || signUpBusy}
        error={error.text || null}
        errorField={error.field}
        limits={LIMITS}
        demoInUse={demoInUse}
        demoNote={demoNote(demoInUse)}
        mascot={MOOD[pose]}
        onFieldFocus={(field) =>
          mascot.send({ type: 'mascot.focus', field: field === 'password' ? 'password' : 'text' })
        }
        onFieldBlur={() => mascot.send({ type: 'mascot.blur' })}
        renderLink={routerLink}
      />
    </section>
  );
}
