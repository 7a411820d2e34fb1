import type { Invoice, InvoiceBody, InvoiceStatus, PaymentBody } from '#common/schemas/invoices.ts'
import { apiRequest } from '#app/lib/api-client.ts'

type InvoiceAnswer = { invoice: Invoice }

export const listInvoices = ({ status, page }: { status?: InvoiceStatus; page: number }) =>
  apiRequest<{ invoices: Invoice[]; total: number; page: number; pages: number }>(
    `/api/invoices?${new URLSearchParams({ page: String(page), ...(status ? { status } : {}) })}`,
  )

export const getInvoice = (id: string) => apiRequest<InvoiceAnswer>(`/api/invoices/${id}`)

export const createInvoice = (body: InvoiceBody) =>
  apiRequest<InvoiceAnswer>('/api/invoices', { method: 'POST', body })

export const updateInvoice = (id: string, body: InvoiceBody) =>
  apiRequest<InvoiceAnswer>(`/api/invoices/${id}`, { method: 'PUT', body })

export const deleteInvoice = (id: string) =>
  apiRequest<{ message: string }>(`/api/invoices/${id}`, { method: 'DELETE' })

export const issueInvoice = (id: string) =>
  apiRequest<InvoiceAnswer>(`/api/invoices/${id}/issue`, { method: 'POST' })

export const sendInvoice = (id: string) =>
  apiRequest<InvoiceAnswer>(`/api/invoices/${id}/send`, { method: 'POST' })

export const creditInvoice = (id: string) =>
  apiRequest<InvoiceAnswer>(`/api/invoices/${id}/credit`, { method: 'POST' })

export const recordPayment = (id: string, body: PaymentBody) =>
  apiRequest<InvoiceAnswer>(`/api/invoices/${id}/payments`, { method: 'POST', body })
