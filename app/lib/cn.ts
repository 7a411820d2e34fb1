import { clsx, type ClassValue } from 'clsx'

// tailwind-merge is left out on purpose: its size does not fit the public pages' budget.
export const cn = (...classes: ClassValue[]) => clsx(classes)
