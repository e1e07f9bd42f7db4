// Public API of @tabula/ui: presentational React components (props only). Import the CSS once
// from '@tabula/ui/styles.css'.
export { Alert } from './Alert/Alert';
export type { AlertProps, AlertType } from './Alert/Alert';
export { Avatar, initialsOf } from './Avatar/Avatar';
export type { AvatarProps } from './Avatar/Avatar';
export { AvatarGroup } from './Avatar/AvatarGroup';
export type { AvatarGroupProps, GroupPerson } from './Avatar/AvatarGroup';
export { Footer } from './Footer/Footer';
export type { FooterProps, SocialLink } from './Footer/Footer';
export { Landing } from './Landing/Landing';
export type { LandingProps } from './Landing/Landing';
export { Mascot, MASCOT_IMAGES } from './Mascot/Mascot';
export type { MascotMood, MascotProps } from './Mascot/Mascot';
export { NotFound } from './NotFound/NotFound';
export type { NotFoundProps } from './NotFound/NotFound';
export { CanvasUnavailable } from './CanvasUnavailable/CanvasUnavailable';
export type { CanvasUnavailableProps } from './CanvasUnavailable/CanvasUnavailable';
export { Loader, Spinner } from './Spinner/Spinner';
export type { LoaderProps, SpinnerProps } from './Spinner/Spinner';
export { TopBar, DEFAULT_NAV_LINKS } from './TopBar/TopBar';
export type { NavLink, TopBarProps, TopBarUser } from './TopBar/TopBar';
export { renderAnchor } from './shared/links';
export type { LinkRenderProps, RenderLink } from './shared/links';
export { AuthForm } from './AuthForm/AuthForm';
export type {
  AuthField,
  AuthFieldLimits,
  AuthFormProps,
  AuthFormValues,
  AuthMode,
  DemoAccount,
} from './AuthForm/AuthForm';
export {
  BackgroundRotator,
  BACKGROUND_IMAGES,
  BACKGROUND_ROTATION_MS,
  CALM_BACKGROUND_IMAGES,
} from './BackgroundRotator/BackgroundRotator';
export type { BackgroundRotatorProps } from './BackgroundRotator/BackgroundRotator';
export { CursorBlob } from './CursorBlob/CursorBlob';
export type { CursorBlobProps } from './CursorBlob/CursorBlob';
export { InviteNotice } from './InviteNotice/InviteNotice';
export type { InviteNoticeProps } from './InviteNotice/InviteNotice';
export { DeletePopup } from './DeletePopup/DeletePopup';
export type { DeletePopupProps } from './DeletePopup/DeletePopup';
export { InviteButton } from './InviteButton/InviteButton';
export type { InviteButtonProps, InviteStatus } from './InviteButton/InviteButton';
export { Modal } from './Modal/Modal';
export type { ModalProps } from './Modal/Modal';
export { OnlineUsersPopup } from './OnlineUsersPopup/OnlineUsersPopup';
export type { OnlineUser, OnlineUsersPopupProps } from './OnlineUsersPopup/OnlineUsersPopup';
export { CanvasHeader, SIGNED_OUT_TITLE } from './CanvasHeader/CanvasHeader';
export type { CanvasHeaderProps } from './CanvasHeader/CanvasHeader';
export { CanvasList } from './CanvasList/CanvasList';
export type { CanvasListItem, CanvasListProps } from './CanvasList/CanvasList';
export { CanvasSidebar } from './CanvasSidebar/CanvasSidebar';
export type { CanvasSidebarProps } from './CanvasSidebar/CanvasSidebar';
export { LiveSidebar } from './LiveSidebar/LiveSidebar';
export type { LiveSidebarProps } from './LiveSidebar/LiveSidebar';
export { ProfileCard } from './ProfileCard/ProfileCard';
export type { ProfileCardProps, ProfileChanges, ProfileUser } from './ProfileCard/ProfileCard';
export { formatTimestamp, sortNewestFirst } from './shared/canvasItems';
export type { CanvasItem, LiveCanvasItem } from './shared/canvasItems';
export { InlineNameEditor } from './shared/InlineNameEditor';
export type { InlineNameEditorProps } from './shared/InlineNameEditor';
export { ConfirmPopup } from './ConfirmPopup/ConfirmPopup';
export type { ConfirmPopupProps } from './ConfirmPopup/ConfirmPopup';
export { RestorePopup } from './RestorePopup/RestorePopup';
export type { RestorePopupProps } from './RestorePopup/RestorePopup';
export { NameVersionDialog, VERSION_NAME_MAX_LENGTH } from './NameVersionDialog/NameVersionDialog';
export { ShareDialog } from './ShareDialog/ShareDialog';
export type { ShareDialogLink, ShareDialogProps } from './ShareDialog/ShareDialog';
export type { NameVersionDialogProps } from './NameVersionDialog/NameVersionDialog';
export { ExportMenu } from './ExportMenu/ExportMenu';
export type { ExportFormat, ExportMenuProps, ExportScope } from './ExportMenu/ExportMenu';
export { ActivityList } from './ActivityList/ActivityList';
export type { ActivityItem, ActivityListProps, ActivitySession } from './ActivityList/ActivityList';
export { VersionActions } from './VersionActions/VersionActions';
export type { VersionActionsProps } from './VersionActions/VersionActions';
export { ActionMenu } from './ActionMenu/ActionMenu';
export type { ActionMenuItem, ActionMenuProps } from './ActionMenu/ActionMenu';
export { Icon } from './shared/icons';
export type { IconName } from './shared/icons';
export { Checkbox, CHECKBOX_CLASS } from './Checkbox/Checkbox';
export type { CheckboxProps } from './Checkbox/Checkbox';
export { Select, SELECT_CLASS } from './Select/Select';
export type { SelectOption, SelectProps } from './Select/Select';
