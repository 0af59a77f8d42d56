#include "CXMLReader.h"
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/// Drops what libxml2 would print: XML_PARSE_NOERROR quiets the parser, not the encoding
/// conversion, which reports through the generic handler ("encoding error : input conversion
/// failed"). The error itself is still kept for `sc_xml_error`.
static void sc_xml_silent(void *context, const char *message, ...) { (void)context; (void)message; }

sc_xml_reader *sc_xml_open(const char *bytes, int length) {
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlSetGenericErrorFunc(NULL, sc_xml_silent);
    xmlResetLastError();
    return (sc_xml_reader *)xmlReaderForMemory(bytes, length, NULL, NULL, options);
}

void sc_xml_close(sc_xml_reader *reader) { xmlFreeTextReader((xmlTextReaderPtr)reader); }

int sc_xml_next(sc_xml_reader *reader, const char **name, int *empty) {
    xmlTextReaderPtr xml = (xmlTextReaderPtr)reader;
    for (;;) {
        int step = xmlTextReaderRead(xml);
        if (step == 0) return SC_XML_END;
        if (step < 0) return SC_XML_ERROR;
        int type = xmlTextReaderNodeType(xml);
        if (type != XML_READER_TYPE_ELEMENT && type != XML_READER_TYPE_END_ELEMENT) continue;
        const xmlChar *node = xmlTextReaderConstName(xml);
        *name = node ? (const char *)node : "";
        *empty = type == XML_READER_TYPE_ELEMENT && xmlTextReaderIsEmptyElement(xml) == 1;
        return type == XML_READER_TYPE_ELEMENT ? SC_XML_ELEMENT : SC_XML_END_ELEMENT;
    }
}

char *sc_xml_attribute(sc_xml_reader *reader, const char *name) {
    return (char *)xmlTextReaderGetAttribute((xmlTextReaderPtr)reader, (const xmlChar *)name);
}

void sc_xml_free(char *value) { xmlFree(value); }

const char *sc_xml_error(int *code, int *line, int *column) {
    const xmlError *error = xmlGetLastError();
    if (!error) { *code = 0; *line = 0; *column = 0; return "malformed XML"; }
    *code = error->code;
    *line = error->line;
    *column = error->int2;
    return error->message ? error->message : "malformed XML";
}

int sc_xml_error_ends_inside_element(int code) {
    return code == XML_ERR_TAG_NOT_FINISHED || code == XML_ERR_DOCUMENT_END;
}

int sc_xml_element_line(sc_xml_reader *reader) {
    xmlNodePtr node = xmlTextReaderCurrentNode((xmlTextReaderPtr)reader);
    return node ? (int)xmlGetLineNo(node) : 0;
}
