#pragma once
// libxml2's streaming reader, behind a header that includes none of libxml2's: libxml2's headers
// pull in the system's ICU, which clashes with Foundation's own ICU in any Swift module that
// imports both (docs/fuzzing.md).

typedef struct sc_xml_reader sc_xml_reader;

/// What `sc_xml_next` met.
enum { SC_XML_END = 0, SC_XML_ELEMENT = 1, SC_XML_END_ELEMENT = 2, SC_XML_ERROR = -1 };

/// A reader over `length` bytes (copied by libxml2 as it reads): no DTD loading, no entity
/// expansion, no network, nothing printed. NULL when libxml2 cannot start.
sc_xml_reader *sc_xml_open(const char *bytes, int length);
void sc_xml_close(sc_xml_reader *reader);

/// Steps to the next element start or end (other nodes are skipped). On an element, `name` is
/// valid until the next step and `empty` says whether it closes at once (`<a/>`).
int sc_xml_next(sc_xml_reader *reader, const char **name, int *empty);

/// The current element's attribute, or NULL; free it with `sc_xml_free`.
char *sc_xml_attribute(sc_xml_reader *reader, const char *name);
void sc_xml_free(char *value);

/// The line the current element starts on (1-based; 0 when unknown).
int sc_xml_element_line(sc_xml_reader *reader);

/// After SC_XML_ERROR: libxml2's message (valid until the next call), its error code, and the
/// line and column of the error.
const char *sc_xml_error(int *code, int *line, int *column);

/// Whether an error code says the document ended inside an element: XML_ERR_TAG_NOT_FINISHED, or
/// XML_ERR_DOCUMENT_END, which the reader (a push parser) reports when its input runs out there.
int sc_xml_error_ends_inside_element(int code);
