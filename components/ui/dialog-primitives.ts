// Radix's dialog parts, in their own module so that components/ui/dialog.tsx can load them
// the first time a dialog opens (or on the intent to open one), never with the page.
export { Close, Content, Description, Overlay, Portal, Root, Title } from "@radix-ui/react-dialog";
